import { createHash } from "node:crypto";
import { z } from "zod";
import { isWithinBusinessHours } from "#content/business-hours.ts";
import { company } from "#content/company.ts";
import type { Language } from "#contracts/languages.ts";
import type { ChatLink, ChatResponse, ChatSessionDetail, ChatQueueResponse } from "#contracts/chat.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { asLanguage, currentLanguage, serverT } from "../../lib/i18n.ts";
import { localizedContent } from "../../lib/localized-content.ts";
import { recordAudit } from "../../lib/audit.ts";
import { submitEnquiry } from "../contact/index.ts";
import { endHandover, markFirstResponse, recordHandover } from "./chat-handovers.ts";
import type { Assistant, AssistantTurn } from "./assistant/assistant.ts";
import {
  agentSessions,
  appendEvent,
  claimExpiredWaits,
  createSession,
  findSession,
  insertMessage,
  lockSession,
  lockSessionForMessage,
  markVisitorMessagesRead,
  notifyPassing,
  offerPoll,
  onlineAgentCount,
  presenceOf,
  sessionMessages,
  sessionState,
  setPresence,
  summaryOf,
  toTranscriptMessage,
  updateSession,
  upsertSession,
  waitingSessions,
  type ChatMessageRow,
  type ChatSessionRow,
} from "./chat-repository.ts";

/** In the request's language: errors for whoever asked (visitor or agent). */
const t = (key: string, options: Record<string, unknown> = {}) => serverT(`chat.${key}`, { ns: "chat", ...options });
/** In the chat's language: whatever the server writes into the chat itself, whoever's request (or none) caused it. */
const said = (row: Pick<ChatSessionRow, "language">, key: string, options: Record<string, unknown> = {}) =>
  serverT(`chat.${key}`, { ns: "chat", ...options, lng: asLanguage(row.language) });
/** Staff read the enquiries a chat leaves behind: those stay English, like the rest of the admin area. */
const staffT = (key: string, options: Record<string, unknown> = {}) =>
  serverT(`chat.${key}`, { ns: "chat", ...options, lng: "en" });
/** How long an offer to take an email address stays open. */
const EMAIL_OFFER_MS = 30 * 60_000;
const EMAIL_PATTERN = /[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[a-z]{2,}/i;

export interface ChatServiceOptions {
  db: Database;
  assistant: Assistant;
  agentWaitMs: number;
  hours: "content" | "always";
  notifyTo: string;
  onEnquiry: () => void;
  now?: () => Date;
}

export interface StaffActor {
  id: string;
  username: string;
  displayName: string;
}

export const hashBrowserId = (browserId: string) => createHash("sha256").update(browserId).digest("hex");

type Tx = Database;

export function chatService(options: ChatServiceOptions) {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const transaction = <T>(work: (tx: Tx) => Promise<T>) => db.transaction(async (tx) => work(tx as unknown as Tx));

  async function say(
    tx: Tx,
    sessionId: string,
    role: "assistant" | "system",
    content: string,
    links?: ChatLink[],
  ): Promise<ChatMessageRow> {
    return insertMessage(tx, { sessionId, role, content, links: links ?? null });
  }

  async function emitSession(tx: Tx, row: ChatSessionRow): Promise<void> {
    await appendEvent(tx, row.id, "session", sessionState(row));
  }

  /** The session for this browser, or 403 when another browser opened it. */
  async function bind(
    sessionId: string,
    browserHash: string,
    ip?: string,
    language: Language = currentLanguage(),
  ): Promise<ChatSessionRow> {
    const row = await upsertSession(db, sessionId, browserHash, ip, language);
    if (row.browserHash !== browserHash)
      throw new AppError("session_forbidden", t("sessionForbidden"), 403, {
        fields: { sessionId: t("sessionForbidden") },
      });
    return row;
  }

  async function existing(sessionId: string, browserHash: string): Promise<ChatSessionRow> {
    const row = await findSession(db, sessionId);
    if (!row)
      throw new AppError("session_not_found", t("sessionNotFound"), 404, {
        fields: { sessionId: t("sessionNotFound") },
      });
    if (row.browserHash !== browserHash)
      throw new AppError("session_forbidden", t("sessionForbidden"), 403, {
        fields: { sessionId: t("sessionForbidden") },
      });
    return row;
  }

  const emailOfferText = (
    row: Pick<ChatSessionRow, "language">,
    key: "noAgent" | "closed" | "noAgentsOnline" | "cancelled",
  ) => {
    const local = localizedContent("company", asLanguage(row.language)).company;
    return said(row, key, {
      responseTime: local.support.responseTime,
      phone: local.phone.display,
      hours: local.businessHours.map((line) => `${line.days}: ${line.hours}`).join("; "),
      assistant: local.assistantName,
    });
  };

  /** When nobody from the team can chat, WhatsApp is still a way to reach a person. */
  const whatsAppLinks = (row: Pick<ChatSessionRow, "language">): ChatLink[] => [
    {
      label: said(row, "whatsappLink"),
      href: localizedContent("company", asLanguage(row.language)).company.whatsapp.href,
    },
  ];

  /** Puts the chat in the queue, or, when nobody can take it, says so and offers to take an email. */
  async function requestAgent(sessionId: string): Promise<string> {
    const at = now();
    const open = options.hours === "always" || isWithinBusinessHours(at);
    const agents = open ? await onlineAgentCount(db, at) : 0;
    return transaction(async (tx) => {
      const row = await lockSession(tx, sessionId);
      if (!row) return t("waiting");
      if (row.state !== "ai") return said(row, "waiting");
      if (!open || agents === 0) {
        await recordHandover(tx, sessionId, at, "unavailable");
        const text = emailOfferText(row, open ? "noAgentsOnline" : "closed");
        await updateSession(tx, sessionId, { awaitingEmail: at, pollPrompt: null, pollSource: null });
        await say(tx, sessionId, "assistant", text, whatsAppLinks(row));
        return text;
      }
      await say(tx, sessionId, "assistant", said(row, "handoverRequested"));
      await recordHandover(tx, sessionId, at, "waiting");
      const updated = await updateSession(tx, sessionId, {
        state: "waiting",
        waitDeadline: new Date(at.getTime() + options.agentWaitMs),
        pollPrompt: null,
        pollSource: null,
        awaitingEmail: null,
      });
      await say(tx, sessionId, "system", said(row, "queued"));
      await emitSession(tx, updated);
      return said(row, "queued");
    });
  }

  function transcriptText(messages: ChatMessageRow[]): string {
    return messages
      .filter((m) => m.role !== "system")
      .map(
        (m) =>
          `${m.role === "user" ? "Visitor" : m.role === "agent" ? (m.agentName ?? "Agent") : company.assistantName}: ${m.content}`,
      )
      .join("\n")
      .slice(-800);
  }

  /** The visitor gave an email address after the offer: it becomes an enquiry in the admin inbox. */
  async function takeEmail(
    row: ChatSessionRow,
    email: string,
    context: { ip?: string; userAgent?: string },
  ): Promise<string> {
    const parsed = z.email().safeParse(email);
    if (!parsed.success) return said(row, "emailInvalid");
    const transcript = transcriptText(await sessionMessages(db, row.id, 60));
    const enquiry = await submitEnquiry(
      db,
      {
        firstName: row.clientName ?? staffT("enquiryFirstName"),
        lastName: staffT("enquiryLastName"),
        email: parsed.data,
        service: "other",
        message: staffT("enquiryMessage", { sessionId: row.id, transcript }).slice(0, 1000),
      },
      { ipAddress: context.ip, userAgent: context.userAgent, source: "chat" },
      options.notifyTo,
    );
    options.onEnquiry();
    const text = said(row, "emailThanks", {
      email: parsed.data,
      responseTime: localizedContent("company", asLanguage(row.language)).company.support.responseTime,
    });
    await transaction(async (tx) => {
      await updateSession(tx, row.id, { awaitingEmail: null, enquiryId: enquiry.id });
      await say(tx, row.id, "assistant", text);
    });
    return text;
  }

  return {
    bind,
    existing,

    /** `language`: the page the visitor writes from (the request's); the chat follows it from then on. */
    async postMessage(input: {
      sessionId: string;
      message: string;
      clientMessageId?: string;
      browserHash: string;
      ip?: string;
      userAgent?: string;
      language?: Language;
    }): Promise<ChatResponse> {
      const language = input.language ?? currentLanguage();
      // A session's first message creates it; every later one is read, checked and locked in one
      // round trip, which also finds a retried send (its client id already stored).
      const stored = await transaction(async (tx) => {
        let locked = await lockSessionForMessage(tx, input.sessionId, input.clientMessageId);
        if (!locked) {
          await createSession(tx, input.sessionId, input.browserHash, input.ip, language);
          locked = (await lockSessionForMessage(tx, input.sessionId, input.clientMessageId))!;
        }
        if (locked.row.browserHash !== input.browserHash)
          throw new AppError("session_forbidden", t("sessionForbidden"), 403, {
            fields: { sessionId: t("sessionForbidden") },
          });
        if (locked.seenMessageId) return { seen: locked.seenMessageId } as const;
        // A session's first message becomes its summary, in the same statement that stores it.
        const summary = locked.row.summary ? undefined : input.message.replace(/\s+/g, " ").slice(0, 140);
        const message = await insertMessage(
          tx,
          {
            sessionId: input.sessionId,
            role: "user",
            content: input.message,
            clientMessageId: input.clientMessageId ?? null,
          },
          { summary },
        );
        const row =
          locked.row.language === language
            ? { ...locked.row, summary: summary ?? locked.row.summary }
            : await updateSession(tx, input.sessionId, { language });
        return { row, message } as const;
      });
      if ("seen" in stored) return { success: true, userMessageId: stored.seen };
      const { row, message } = stored;
      if (row.state !== "ai") return { success: true, userMessageId: message.id };

      const offerOpen = row.awaitingEmail && now().getTime() - row.awaitingEmail.getTime() < EMAIL_OFFER_MS;
      const email = input.message.match(EMAIL_PATTERN)?.[0];
      if (offerOpen && (email || input.message.includes("@"))) {
        const response = await takeEmail(row, email ?? input.message.trim(), {
          ip: input.ip,
          userAgent: input.userAgent,
        });
        return { success: true, userMessageId: message.id, response };
      }

      const history: AssistantTurn[] = (await sessionMessages(db, input.sessionId, 12)).map((m) => ({
        role: m.role,
        content: m.content,
      }));
      const reply = await options.assistant.answer(input.message, history.slice(0, -1), asLanguage(row.language));
      // The visitor wrote in another language than the page's: the chat (its notices, its emails) follows them.
      if (reply.language && reply.language !== row.language) {
        const language = reply.language;
        await transaction((tx) => updateSession(tx, input.sessionId, { language }));
      }
      if (reply.handover) {
        const response = await requestAgent(input.sessionId);
        return { success: true, userMessageId: message.id, response };
      }
      const answer = await transaction(async (tx) => {
        // A person may have taken over while the assistant was thinking: then it stays quiet.
        const current = await lockSession(tx, input.sessionId);
        if (current?.state !== "ai") return null;
        const answered = await say(tx, input.sessionId, "assistant", reply.text, reply.links);
        if (reply.offerHuman) {
          const prompt = said(current, "pollTalkToHuman");
          await offerPoll(tx, input.sessionId, prompt, "assistant");
        }
        return answered;
      });
      return { success: true, userMessageId: message.id, response: answer?.content, assistantMessageId: answer?.id };
    },

    async answerPoll(input: { sessionId: string; answer: "yes" | "no"; browserHash: string }): Promise<void> {
      const row = await existing(input.sessionId, input.browserHash);
      const source = row.pollSource;
      await transaction(async (tx) => {
        // Like every writer of the session's events, under its lock: their ids stay in commit order.
        await lockSession(tx, row.id);
        // The question goes into the transcript with its answer, so neither side is left with a bare "Yes".
        if (row.pollPrompt) {
          await insertMessage(
            tx,
            source === "agent"
              ? {
                  sessionId: row.id,
                  role: "agent",
                  content: row.pollPrompt,
                  agentId: row.assignedAgentId,
                  agentName: row.assignedAgentName,
                }
              : { sessionId: row.id, role: "assistant", content: row.pollPrompt },
          );
        }
        await insertMessage(tx, {
          sessionId: row.id,
          role: "user",
          content: said(row, input.answer === "yes" ? "pollYes" : "pollNo"),
        });
        await updateSession(tx, row.id, { pollPrompt: null, pollSource: null });
      });
      if (source === "assistant" && row.state === "ai") {
        if (input.answer === "yes") await requestAgent(row.id);
        else await transaction((tx) => say(tx, row.id, "assistant", said(row, "pollDeclined")));
      }
    },

    async cancel(input: { sessionId: string; browserHash: string }): Promise<void> {
      const row = await existing(input.sessionId, input.browserHash);
      if (row.state === "ai") return;
      await transaction(async (tx) => {
        const locked = await lockSession(tx, row.id);
        if (!locked || locked.state === "ai") return;
        await endHandover(tx, row.id, "cancelled", now());
        const updated = await updateSession(tx, row.id, {
          state: "ai",
          waitDeadline: null,
          assignedAgentId: null,
          assignedAgentName: null,
          awaitingEmail: now(),
        });
        await say(tx, row.id, "system", emailOfferText(locked, "cancelled"));
        await emitSession(tx, updated);
      });
    },

    async visitorTyping(input: { sessionId: string; typing: boolean; browserHash: string }): Promise<void> {
      const row = await existing(input.sessionId, input.browserHash);
      if (row.state !== "ai") await notifyPassing(db, row.id, "visitor_typing", { typing: input.typing });
    },

    /** Waits past their deadline go back to the assistant, which offers to take an email. */
    async expireWaits(sessionId?: string): Promise<number> {
      const expired = await claimExpiredWaits(db, now(), sessionId);
      for (const id of expired) {
        await transaction(async (tx) => {
          await endHandover(tx, id, "timed_out", now());
          const updated = await updateSession(tx, id, { awaitingEmail: now() });
          await say(tx, id, "system", emailOfferText(updated, "noAgent"), whatsAppLinks(updated));
          await emitSession(tx, updated);
        });
      }
      return expired.length;
    },

    /* ------------------------------------------------------------ the agent console */

    async queue(staff: StaffActor): Promise<ChatQueueResponse> {
      const [waiting, mine, presence, onlineAgents] = await Promise.all([
        waitingSessions(db),
        agentSessions(db, staff.id),
        presenceOf(db, staff.id),
        onlineAgentCount(db, now()),
      ]);
      return { waiting, mine, presence, onlineAgents };
    },

    async detail(sessionId: string): Promise<ChatSessionDetail> {
      const row = await findSession(db, sessionId);
      if (!row) throw new AppError("session_not_found", t("sessionNotFound"), 404);
      const messages = await sessionMessages(db, sessionId);
      return { ...(await summaryOf(db, row)), messages: messages.map(toTranscriptMessage) };
    },

    setPresence: (staff: StaffActor, status: "online" | "away") => setPresence(db, staff.id, status),

    /** First agent wins: the update only matches while the session is still waiting. */
    async accept(sessionId: string, staff: StaffActor, ip?: string): Promise<void> {
      await transaction(async (tx) => {
        const row = await lockSession(tx, sessionId);
        if (!row) throw new AppError("session_not_found", t("sessionNotFound"), 404);
        if (row.state !== "waiting") {
          throw new AppError(
            row.state === "agent" ? "already_accepted" : "not_waiting",
            t(row.state === "agent" ? "alreadyAccepted" : "notWaiting"),
            409,
          );
        }
        const updated = await updateSession(tx, sessionId, {
          state: "agent",
          waitDeadline: null,
          assignedAgentId: staff.id,
          assignedAgentName: staff.displayName,
        });
        await endHandover(tx, sessionId, "accepted", now(), staff.id);
        await say(tx, sessionId, "system", said(row, "agentJoined", { agent: staff.displayName }));
        await emitSession(tx, updated);
        await recordAudit(tx, {
          actor: { id: staff.id, username: staff.username },
          action: "chat.accept",
          targetType: "chat_session",
          targetId: sessionId,
          ipAddress: ip,
        });
      });
    },

    async assigned(tx: Tx, sessionId: string, staff: StaffActor): Promise<ChatSessionRow> {
      const row = await lockSession(tx, sessionId);
      if (!row) throw new AppError("session_not_found", t("sessionNotFound"), 404);
      if (row.state !== "agent" || row.assignedAgentId !== staff.id)
        throw new AppError("not_yours", t("notYours"), 409);
      return row;
    },

    async agentMessage(sessionId: string, staff: StaffActor, content: string): Promise<string> {
      return transaction(async (tx) => {
        await this.assigned(tx, sessionId, staff);
        await markFirstResponse(tx, sessionId, staff.id, now());
        const row = await insertMessage(tx, {
          sessionId,
          role: "agent",
          content,
          agentId: staff.id,
          agentName: staff.displayName,
        });
        return row.id;
      });
    },

    async agentTyping(sessionId: string, staff: StaffActor, typing: boolean): Promise<void> {
      await transaction((tx) => this.assigned(tx, sessionId, staff));
      await notifyPassing(db, sessionId, "typing", { typing, agentName: staff.displayName });
    },

    async markRead(sessionId: string, staff: StaffActor, ids: string[] | undefined): Promise<string[]> {
      return transaction(async (tx) => {
        await this.assigned(tx, sessionId, staff);
        const read = await markVisitorMessagesRead(tx, sessionId, ids);
        if (read.length > 0) await appendEvent(tx, sessionId, "receipt", { messageIds: read });
        return read;
      });
    },

    async agentPoll(sessionId: string, staff: StaffActor, prompt: string): Promise<void> {
      await transaction(async (tx) => {
        await this.assigned(tx, sessionId, staff);
        await offerPoll(tx, sessionId, prompt, "agent");
      });
    },

    async end(sessionId: string, staff: StaffActor, ip?: string): Promise<void> {
      await transaction(async (tx) => {
        const row = await this.assigned(tx, sessionId, staff);
        const updated = await updateSession(tx, sessionId, {
          state: "ai",
          assignedAgentId: null,
          assignedAgentName: null,
          pollPrompt: null,
          pollSource: null,
        });
        const assistant = localizedContent("company", asLanguage(row.language)).company.assistantName;
        await say(tx, sessionId, "system", said(row, "agentEnded", { agent: staff.displayName, assistant }));
        await emitSession(tx, updated);
        await recordAudit(tx, {
          actor: { id: staff.id, username: staff.username },
          action: "chat.end",
          targetType: "chat_session",
          targetId: sessionId,
          ipAddress: ip,
        });
      });
    },
  };
}

export type ChatService = ReturnType<typeof chatService>;
