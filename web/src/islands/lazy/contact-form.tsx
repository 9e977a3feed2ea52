// The contact page's form, loaded by the pages that carry it (see ../entry.tsx).
export { ContactForm as default } from "../../features/contact/contact-form.tsx";
