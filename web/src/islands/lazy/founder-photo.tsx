// The founder's portrait, with its monogram if the image fails (see ../entry.tsx).
export { FounderPhoto as default } from "../../features/founder/founder-photo.tsx";
