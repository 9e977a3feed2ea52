import { afterEach, describe, expect, it, vi } from "vitest";
import type * as toastStore from "./use-toast.ts";

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
});

describe("toasts (spec section 9)", () => {
  it("shows one toast at a time, the newest", async () => {
    const store = await import("./use-toast.ts");
    store.toast({ title: "First" });
    store.toast({ title: "Second" });
    expect(store.TOAST_LIMIT).toBe(1);
    expect(getTitles(store)).toEqual(["Second"]);
  });

  it("removes a dismissed toast after 1,000,000 ms", async () => {
    vi.useFakeTimers();
    const store = await import("./use-toast.ts");
    const { dismiss } = store.toast({ title: "Saved" });
    dismiss();
    expect(getTitles(store)).toEqual(["Saved"]);
    vi.advanceTimersByTime(store.TOAST_REMOVE_DELAY - 1);
    expect(getTitles(store)).toEqual(["Saved"]);
    vi.advanceTimersByTime(1);
    expect(getTitles(store)).toEqual([]);
    expect(store.TOAST_REMOVE_DELAY).toBe(1_000_000);
  });
});

function getTitles(store: typeof toastStore): string[] {
  return store.peekToasts().map((t) => t.title);
}
