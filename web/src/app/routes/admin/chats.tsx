import { company } from "#content/company.ts";
import { pageMeta } from "../../../components/seo/page-meta.ts";
import { useAdminUser } from "../../../features/admin/session.tsx";
import { ChatConsole } from "../../../features/chat-console/chat-console.tsx";
import messages from "../../../i18n/locales/en/chat-console.json";
import type { Route } from "./+types/chats";

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: messages.meta.title,
    description: `${company.name} live chat console`,
    path: location.pathname,
    noindex: true,
  });
}

export default function ChatsPage() {
  return <ChatConsole user={useAdminUser()} />;
}
