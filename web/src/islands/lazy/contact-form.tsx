// The contact page's form, loaded on the visitor's first use of it (see ../entry.tsx). What was typed
// while its code loaded is put back once it has hydrated.
export { ContactForm as default } from "../../features/contact/contact-form.tsx";
export { keepTyped as prepare } from "../keep-typed.ts";
