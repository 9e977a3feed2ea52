// VPS hosting: configure a server with a live price, compare plans, order and pay by mobile money.
// Loaded on the visitor's first use (see ../entry.tsx): it reads nothing from the address or the
// browser. What was typed while it loaded is put back once it has hydrated.
import { VpsHostingTool } from "../../features/vps/vps-hosting-tool.tsx";
import { toolIsland } from "../tool-island.tsx";

export { prepareTool as prepare } from "../tool-island.tsx";

export default toolIsland(VpsHostingTool);
