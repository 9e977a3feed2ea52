import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client.ts";
import { applyServerFieldErrors } from "./form.ts";

type Values = { website: string; email: string; message: string };
const refusal = (fields: Record<string, string>) =>
  new ApiError(400, JSON.stringify({ message: "Invalid request", fields }));

function recorder() {
  const calls: Array<{ name: string; message?: string; focus?: boolean }> = [];
  const setError = (name: string, error: { message?: string }, options?: { shouldFocus?: boolean }) => {
    calls.push({ name, message: error.message, focus: options?.shouldFocus });
  };
  return { calls, setError };
}

describe("applyServerFieldErrors", () => {
  it("puts each named field's message on the form and focuses the first focusable one", () => {
    const { calls, setError } = recorder();
    const count = applyServerFieldErrors<Values>(
      refusal({ website: "Leave this empty", email: "Enter a valid email", message: "Too short" }),
      setError,
      ["website", "email", "message"],
      { unfocusable: ["website"] },
    );
    expect(count).toBe(3);
    expect(calls).toEqual([
      { name: "website", message: "Leave this empty", focus: false },
      { name: "email", message: "Enter a valid email", focus: true },
      { name: "message", message: "Too short", focus: false },
    ]);
  });

  it("ignores fields the form does not have, and failures that are not field refusals", () => {
    const { calls, setError } = recorder();
    expect(applyServerFieldErrors<Values>(refusal({ other: "x" }), setError, ["email"])).toBe(0);
    expect(applyServerFieldErrors<Values>(new Error("offline"), setError, ["email"])).toBe(0);
    expect(calls).toEqual([]);
  });
});
