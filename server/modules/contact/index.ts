// Contact's public entry: enquiries from any channel (form, chat, advisor) and the dashboard's figures.
export { submitEnquiry, type EnquiryContext } from "./contact-service.ts";
export { CONTACT_ADDRESS_LIMIT, CONTACT_SENDER_LIMIT, contactRoutes } from "./contact-routes.ts";
export { enquiryAdminRoutes } from "./enquiry-admin-routes.ts";
export { enquiriesPerDay, enquiryCounts } from "./enquiry-admin.ts";
export { enquiriesOf, enquiryRecordsOf, eraseEnquiries } from "./enquiry-customer.ts";
export { enquiryReport } from "./enquiry-report.ts";
