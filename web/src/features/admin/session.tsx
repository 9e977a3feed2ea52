import { useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, useEffect, type ReactNode } from "react";
import { useNavigate } from "react-router";
import type { StaffUser } from "#contracts/admin.ts";
import { isAdminQueryKey, isStatus, loginPathFor, sessionKey } from "./api.ts";
import { useLatest } from "../../lib/use-latest.ts";

const SessionContext = createContext<StaffUser | null>(null);

export function AdminSessionProvider({ user, children }: { user: StaffUser; children: ReactNode }) {
  return <SessionContext.Provider value={user}>{children}</SessionContext.Provider>;
}

/** The signed-in staff member; only rendered inside the guarded admin layout. */
export function useAdminUser(): StaffUser {
  const user = useContext(SessionContext);
  if (!user) throw new Error("useAdminUser outside the admin layout");
  return user;
}

export const currentPath = () => `${window.location.pathname}${window.location.search}`;

/**
 * A 401 from any admin call means the session ended (expired, signed out elsewhere, account
 * disabled): drop what was cached and go to sign-in, coming back here afterwards.
 */
export function useSignInOnUnauthorized(enabled: boolean) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const enabledRef = useLatest(enabled);

  useEffect(() => {
    const leave = (error: unknown) => {
      if (!enabledRef.current || !isStatus(error, 401)) return;
      enabledRef.current = false;
      void navigate(loginPathFor(currentPath()), { replace: true });
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error" && isAdminQueryKey(event.query.queryKey)) {
        leave(event.action.error);
      }
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") leave(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, navigate, enabledRef]);
}

/** Forget every admin answer, e.g. before another person signs in on this browser. */
export function useForgetAdminData() {
  const queryClient = useQueryClient();
  return () => queryClient.removeQueries({ predicate: (query) => isAdminQueryKey(query.queryKey) });
}

export { sessionKey };
