import { QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { createQueryClient, readAgain } from "./query-client.ts";

/** A server's presence setting, and reads of it that the test answers when it chooses. */
function slowServer() {
  let presence = "away";
  const pending: (() => void)[] = [];
  return {
    set: (value: string) => (presence = value),
    /** A read: it sees the value now, and answers once `deliver` is called. */
    read: () => {
      const seen = presence;
      return new Promise<string>((resolve) => pending.push(() => resolve(seen)));
    },
    deliver: () => {
      for (const answer of pending.splice(0)) answer();
    },
    get waiting() {
      return pending.length;
    },
  };
}

describe("reading a query again after a change", () => {
  it("does not take the answer of a first read that left before the change", async () => {
    const server = slowServer();
    const client = createQueryClient();
    const observer = new QueryObserver(client, { queryKey: ["presence"], queryFn: server.read, retry: false });
    const unsubscribe = observer.subscribe(() => undefined);
    expect(server.waiting).toBe(1);

    server.set("online");
    const refreshed = readAgain(client, ["presence"]);
    // A second read has been asked for; both now answer, the first with what it saw.
    await expect.poll(() => server.waiting).toBe(2);
    server.deliver();
    await refreshed;
    expect(client.getQueryData(["presence"])).toBe("online");
    unsubscribe();
  });

  it("invalidating alone keeps that stale answer (why readAgain exists)", async () => {
    const server = slowServer();
    const client = createQueryClient();
    const observer = new QueryObserver(client, { queryKey: ["presence"], queryFn: server.read, retry: false });
    const unsubscribe = observer.subscribe(() => undefined);

    server.set("online");
    const refreshed = client.invalidateQueries({ queryKey: ["presence"] });
    server.deliver();
    await refreshed;
    expect(client.getQueryData(["presence"])).toBe("away");
    unsubscribe();
  });
});
