// The tech stack advisor: a questionnaire, a plan, and a consultation request. Hydrated after the first paint.
import { TechStackAdvisorTool } from "../../features/advisor/advisor-tool.tsx";
import { toolIsland } from "../tool-island.tsx";

export default toolIsland(TechStackAdvisorTool);
