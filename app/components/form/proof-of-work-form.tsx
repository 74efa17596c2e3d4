import {
  createContext,
  type FormEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";
import { Form, type FormProps } from "react-router";
import {
  canSolvePow,
  encodePowPayload,
  expiresOfSalt,
  POW_FIELD,
  POW_MESSAGES,
  type PowChallenge,
  solvePowChallenge,
} from "~/domain/pow";
import { SubmitButton, type SubmitButtonProps } from "./submit-button";

/**
 * A form of the public pages that proves a little work before it is sent (ADR 0008). A challenge
 * is fetched and solved in the background as soon as the page is shown; by the time a person has
 * filled the form it is done. A submission before then waits for it, the submit button saying
 * 確認中…. Each solution is used for one submission; the next one is prepared right away.
 */

const CHALLENGE_URL = "/api/challenge";
/** A solution with less validity left is not used: the confirm step must still find it valid. */
const MIN_REMAINING_MS = 10 * 60 * 1000;

type PowStatus = "solving" | "ready" | "failed" | "unsupported";

interface Solution {
  payload: string;
  expiresAt: number;
}

function useProofOfWork() {
  const [status, setStatus] = useState<PowStatus>("solving");
  const solution = useRef<Solution | null>(null);
  const running = useRef<Promise<Solution | null> | null>(null);
  const controller = useRef<AbortController | null>(null);

  const solve = useCallback((): Promise<Solution | null> => {
    if (running.current) return running.current;
    const abort = new AbortController();
    controller.current = abort;
    setStatus("solving");
    const run = (async () => {
      try {
        const response = await fetch(CHALLENGE_URL, {
          cache: "no-store",
          headers: { accept: "application/json" },
          signal: abort.signal,
        });
        if (!response.ok) throw new Error(`challenge: HTTP ${response.status}`);
        const challenge = (await response.json()) as PowChallenge;
        const payload = await solvePowChallenge(challenge, { signal: abort.signal });
        const expires = expiresOfSalt(challenge.salt);
        if (!payload || expires === null) throw new Error("challenge: no solution");
        solution.current = { payload: encodePowPayload(payload), expiresAt: expires * 1000 };
        setStatus("ready");
        return solution.current;
      } catch {
        if (!abort.signal.aborted) setStatus("failed");
        return null;
      } finally {
        running.current = null;
      }
    })();
    running.current = run;
    return run;
  }, []);

  useEffect(() => {
    if (!canSolvePow()) {
      setStatus("unsupported");
      return;
    }
    void solve();
    return () => controller.current?.abort();
  }, [solve]);

  const fresh = () => {
    const current = solution.current;
    return current && current.expiresAt - Date.now() > MIN_REMAINING_MS ? current : null;
  };

  /** Takes the current solution when it is ready and fresh (and starts the next one). */
  const takeReady = (): string | null => {
    const current = fresh();
    if (!current) return null;
    solution.current = null;
    void solve();
    return current.payload;
  };

  /** Takes a solution, solving one first if needed; null when that fails. */
  const take = async (): Promise<string | null> => {
    const ready = takeReady();
    if (ready) return ready;
    solution.current = null;
    const solved = await solve();
    if (!solved) return null;
    return takeReady();
  };

  return { status, takeReady, take };
}

const WaitingContext = createContext(false);

export function ProofOfWorkForm({
  children,
  onSubmit,
  quiet = false,
  ...props
}: Omit<FormProps, "method"> & {
  children: ReactNode;
  /**
   * The proof is needed only sometimes (the login forms: while the account is under attack, ADR
   * 0017): no notice when it cannot be prepared; the form is sent without it.
   */
  quiet?: boolean;
}) {
  const pow = useProofOfWork();
  const [waiting, setWaiting] = useState(false);
  const resubmitting = useRef(false);
  const field = useRef<HTMLInputElement>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (resubmitting.current) {
      // The submission we started below, with the solution already in the field.
      resubmitting.current = false;
      onSubmit?.(event);
      return;
    }
    const ready = pow.takeReady();
    if (ready) {
      if (field.current) field.current.value = ready;
      onSubmit?.(event);
      return;
    }
    if (pow.status === "unsupported" || (quiet && pow.status === "failed")) {
      // Nothing to wait for: the server answers with its message, the values kept.
      onSubmit?.(event);
      return;
    }
    event.preventDefault();
    if (waiting) return;
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    setWaiting(true);
    void pow.take().then((payload) => {
      if (field.current) field.current.value = payload ?? "";
      flushSync(() => setWaiting(false));
      resubmitting.current = true;
      form.requestSubmit(submitter instanceof HTMLButtonElement && submitter.name ? submitter : undefined);
    });
  };

  return (
    <Form method="post" {...props} onSubmit={handleSubmit}>
      {quiet ? null : (
        <noscript>
          <p className="mb-5 rounded-lg bg-amber-50 p-3 text-amber-900 text-sm ring-1 ring-amber-200">
            {POW_MESSAGES.noscript}
          </p>
        </noscript>
      )}
      {!quiet && (pow.status === "unsupported" || pow.status === "failed") ? (
        <p
          role="status"
          className="mb-5 rounded-lg bg-amber-50 p-3 text-amber-900 text-sm ring-1 ring-amber-200"
        >
          {pow.status === "unsupported" ? POW_MESSAGES.unsupported : POW_MESSAGES.failed_to_prepare}
        </p>
      ) : null}
      {/* No value prop: for a hidden input the value IS the default value, which React would re-apply
          (and so wipe the solution) on every re-render. The field is written only by handleSubmit. */}
      <input ref={field} type="hidden" name={POW_FIELD} />
      <WaitingContext.Provider value={waiting}>{children}</WaitingContext.Provider>
    </Form>
  );
}

/** The submit button of a ProofOfWorkForm: says 確認中… while the form waits for its solution. */
export function ProofOfWorkSubmitButton(props: Omit<SubmitButtonProps, "waiting">) {
  const waiting = useContext(WaitingContext);
  return <SubmitButton {...props} waiting={waiting ? POW_MESSAGES.solving : undefined} />;
}
