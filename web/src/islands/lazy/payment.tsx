// /payment's form and the answer of a payment that came back to it, hydrated after the first paint.
import { PaymentTool } from "../../features/payments/payment-tool.tsx";
import { toolIsland } from "../tool-island.tsx";

export default toolIsland(PaymentTool);
