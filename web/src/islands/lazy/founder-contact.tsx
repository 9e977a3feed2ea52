// The founder page's contact dialog, loaded by the pages that carry it (see ../entry.tsx).
export { ContactCeoDialog as default } from "../../features/founder/contact-ceo-dialog.tsx";
