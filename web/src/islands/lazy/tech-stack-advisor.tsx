// The tech stack advisor: a questionnaire, a plan, and a consultation request.
// Loaded on the visitor's first use (see ../entry.tsx), or at once where the address or the browser
// holds what it shows. What was typed while it loaded is put back once it has hydrated.
import { TechStackAdvisorTool } from "../../features/advisor/advisor-tool.tsx";
import { toolIsland } from "../tool-island.tsx";

export { keepTyped as prepare } from "../keep-typed.ts";

export default toolIsland(TechStackAdvisorTool);
