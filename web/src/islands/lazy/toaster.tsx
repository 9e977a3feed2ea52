// The toast region: it shows what the other islands answer, so its code loads with the first of them the visitor uses.
export { Toaster as default } from "../../components/ui/toaster.tsx";
