// /payment's form and the answer of a payment that came back to it.
// Loaded on the visitor's first use (see ../entry.tsx), or at once where the address or the browser
// holds what it shows. What was typed while it loaded is put back once it has hydrated.
import { PaymentTool } from "../../features/payments/payment-tool.tsx";
import { toolIsland } from "../tool-island.tsx";

export { keepTyped as prepare } from "../keep-typed.ts";

export default toolIsland(PaymentTool);
