// Analyse a website's speed, SEO and security, and share the report. Hydrated after the first paint.
import { SpeedAnalysisTool } from "../../features/analysis/speed-analysis-tool.tsx";
import { toolIsland } from "../tool-island.tsx";

export default toolIsland(SpeedAnalysisTool);
