// Time elapsed since a date, read from the visitor's clock once mounted (see ../entry.tsx).
export { Since as default } from "../../features/founder/since.tsx";
