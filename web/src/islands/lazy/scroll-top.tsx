// The scroll-to-top button shows only once the page is scrolled, so its code loads then.
export { ScrollToTopButton as default } from "../../components/layout/scroll-to-top-button.tsx";
