// The chat button: its code loads on the first tap, or at once when the panel was open on the last page.
export { ChatLauncher as default } from "../../features/chat/chat-launcher.tsx";
