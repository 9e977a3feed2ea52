// VPS hosting: configure a server with a live price, compare plans, order and pay by mobile money. Hydrated after the first paint.
import { VpsHostingTool } from "../../features/vps/vps-hosting-tool.tsx";
import { toolIsland } from "../tool-island.tsx";

export { prepareTool as prepare } from "../tool-island.tsx";

export default toolIsland(VpsHostingTool);
