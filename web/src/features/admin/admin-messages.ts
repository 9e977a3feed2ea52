import { registerMessages } from "../../i18n/index.ts";
import messages from "../../i18n/locales/en/admin.json";

// Imported for its effect by every admin screen, so the admin words load with admin code only.
registerMessages("admin", "en", messages);
