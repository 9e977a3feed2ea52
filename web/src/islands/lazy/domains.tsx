// Domain search: names as typed, their availability and prices. Hydrated after the first paint.
import { DomainSearchTool } from "../../features/domains/domain-search-tool.tsx";
import { toolIsland } from "../tool-island.tsx";

export default toolIsland(DomainSearchTool);
