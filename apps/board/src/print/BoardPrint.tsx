/**
 * The whole print flow of a board as one component: the print dialog, the progress dialog while
 * the job runs in its worker, and — after printing on pre-printed Ncode A4 paper — the page-order
 * registration dialogs, one per printed page, closing by themselves when every page is registered.
 */
import { useEffect, useRef, useState } from 'react';
import { PrintDialog } from './PrintDialog';
import { PrintProgressDialog, type PrintProgressView } from './PrintProgressDialog';
import { type PrintFlowDeps, type PrintOutcome, pagesWithPrintCodes, printBoard } from './printFlow';
import type { CodeAvailability, PrintOptions } from './printOptions';
import { RegistrationDialog } from './RegistrationDialog';
import {
  currentPageIndex,
  type RegistrationPage,
  type RegistrationState,
  registrationDone,
  tap,
} from './registration';
import {
  registrationPages,
  resumeBoardRegistration,
  savePendingRegistration,
  saveRegistration,
  type TapSource,
} from './registrationFlow';

/** How long waiting for cancel may last before 'Please wait a little longer' shows. */
export const SLOW_CANCEL_MS = 3000;

export interface BoardPrintProps {
  readonly deps: PrintFlowDeps;
  /** Pen taps for the page-order registration. */
  readonly taps: TapSource;
  /** Saves a file for the user (the .nproj, the PDF again). */
  readonly deliver: (fileName: string, bytes: Uint8Array, mimeType: string) => void;
  /** A small image of a board page for the registration dialog. */
  readonly pageImage?: (pageNo: number) => Promise<string | undefined>;
  readonly slowAfterMs?: number;
  /** Opens the page-order registration of these printed pages at once (the page menu). */
  readonly resume?: readonly RegistrationPage[];
  /** The flow ended (closed, cancelled, or registration done). */
  onClose(): void;
}

type Phase =
  | { readonly kind: 'options'; readonly codes?: CodeAvailability; readonly last?: PrintOptions }
  | { readonly kind: 'running'; readonly view: PrintProgressView; readonly outcome?: PrintOutcome }
  | { readonly kind: 'registration'; readonly state: RegistrationState; readonly downloaded?: boolean };

export function BoardPrint(props: BoardPrintProps) {
  const { deps } = props;
  const [phase, setPhase] = useState<Phase>(() =>
    props.resume
      ? { kind: 'registration', state: resumeBoardRegistration(deps.target, props.resume) }
      : { kind: 'options' },
  );
  const abort = useRef<AbortController | undefined>(undefined);
  // ends "waiting for print to finish" when the user says printing is done (browsers do not
  // always report that the print dialog closed)
  const handedOff = useRef<(() => void) | undefined>(undefined);
  const [pageImage, setPageImage] = useState<string | undefined>(undefined);
  const closed = useRef(false);
  const close = () => {
    if (closed.current) return;
    closed.current = true;
    abort.current?.abort();
    props.onClose();
  };

  // code availability for the dialog
  const optionsKind = phase.kind === 'options' && !phase.codes;
  useEffect(() => {
    if (!optionsKind) return;
    let live = true;
    void (async () => {
      const [token, withCodes] = await Promise.all([
        deps.auth.accessToken(),
        pagesWithPrintCodes(deps.target),
      ]);
      if (live) {
        setPhase((p) =>
          p.kind === 'options'
            ? { ...p, codes: { signedIn: token !== undefined, pagesWithCodes: withCodes } }
            : p,
        );
      }
    })();
    return () => {
      live = false;
    };
  }, [optionsKind, deps]);

  // 'Please wait a little longer' when cancelling is slow
  const waitingForCancel = phase.kind === 'running' && phase.view.state === 'waitingForCancel';
  useEffect(() => {
    if (!waitingForCancel) return;
    const timer = setTimeout(() => {
      setPhase((p) => (p.kind === 'running' ? { ...p, view: { ...p.view, slow: true } } : p));
    }, props.slowAfterMs ?? SLOW_CANCEL_MS);
    return () => clearTimeout(timer);
  }, [waitingForCancel, props.slowAfterMs]);

  // registration: taps while the dialog is open (and pages are left to register)
  const registering = phase.kind === 'registration' && !registrationDone(phase.state);
  useEffect(() => {
    if (!registering) return;
    return props.taps.listen((t) => {
      setPhase((p) => (p.kind === 'registration' ? { ...p, state: tap(p.state, t.page, t.dots).state } : p));
    });
  }, [registering, props.taps]);

  const registrationState = phase.kind === 'registration' ? phase.state : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when registration ends
  useEffect(() => {
    if (!registrationState || !registrationDone(registrationState)) return;
    void saveRegistration(deps.target, registrationState, deps.nowMs())
      .then(() => savePendingRegistration(deps.target, undefined))
      .then(close, close);
  }, [registrationState]);

  // the page picture of the registration dialog
  const regPageNo = registrationState
    ? registrationState.pages[currentPageIndex(registrationState)]?.pdfPageNo
    : undefined;
  useEffect(() => {
    setPageImage(undefined);
    if (regPageNo === undefined || !props.pageImage) return;
    let live = true;
    props.pageImage(regPageNo).then(
      (url) => {
        if (live) setPageImage(url);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [regPageNo, props.pageImage]);

  const start = (options: PrintOptions) => {
    const controller = new AbortController();
    abort.current = controller;
    const base = { paperChoice: options.paperChoice, pagesDone: 0, pagesTotal: 0 };
    setPhase({ kind: 'running', view: { ...base, state: 'preparing' } });
    const flowDeps: PrintFlowDeps = {
      ...deps,
      handOff: (pdf, o, fileName) =>
        Promise.race([
          deps.handOff(pdf, o, fileName),
          new Promise<undefined>((resolve) => {
            handedOff.current = () => resolve(undefined);
          }),
        ]).finally(() => {
          handedOff.current = undefined;
        }),
    };
    void printBoard(flowDeps, options, {
      signal: controller.signal,
      onProgress: (p) =>
        setPhase((ph) =>
          ph.kind === 'running' && !ph.outcome
            ? {
                kind: 'running',
                view: { ...ph.view, state: p.state, pagesDone: p.pagesDone, pagesTotal: p.pagesTotal },
              }
            : ph,
        ),
    }).then((outcome) => {
      if (closed.current) return;
      if (outcome.status === 'complete' && options.paperChoice === 'ncodeA4' && outcome.printed.length > 0) {
        const pages = registrationPages(outcome.printed);
        // kept until registered: a cancelled registration opens again from the page menu
        void savePendingRegistration(deps.target, pages);
        setPhase({
          kind: 'registration',
          state: resumeBoardRegistration(deps.target, pages),
          ...(outcome.downloaded ? { downloaded: true } : {}),
        });
        return;
      }
      setPhase((ph) => {
        const view = ph.kind === 'running' ? ph.view : { ...base, state: 'preparing' as const };
        const { slow: _, ...rest } = view;
        return {
          kind: 'running',
          outcome,
          view: {
            ...rest,
            state: outcome.status,
            ...(outcome.failure ? { failure: outcome.failure } : {}),
            canDownloadPdf: outcome.pdf !== undefined,
            canDownloadNproj: outcome.nproj !== undefined,
            ...(outcome.downloaded ? { downloaded: true } : {}),
          },
        };
      });
    });
  };

  if (phase.kind === 'options') {
    if (!phase.codes) return null;
    return (
      <PrintDialog
        numPages={deps.target.pages().length}
        codes={phase.codes}
        {...(phase.last ? { initial: phase.last } : {})}
        onPrint={start}
        onCancel={close}
      />
    );
  }
  if (phase.kind === 'registration') {
    return (
      <RegistrationDialog
        key={currentPageIndex(phase.state)}
        state={phase.state}
        {...(pageImage ? { pageImage } : {})}
        {...(phase.downloaded ? { downloaded: true } : {})}
        onCancel={close}
      />
    );
  }
  const outcome = phase.outcome;
  return (
    <PrintProgressDialog
      view={phase.view}
      onCancel={() => abort.current?.abort()}
      onPrinted={() => handedOff.current?.()}
      onClose={close}
      onDownloadPdf={async () => {
        if (outcome?.pdf) {
          props.deliver(
            outcome.pdfFileName,
            new Uint8Array(await outcome.pdf.arrayBuffer()),
            'application/pdf',
          );
        }
      }}
      onDownloadNproj={() => {
        if (outcome?.nproj) {
          props.deliver(outcome.nprojFileName, new TextEncoder().encode(outcome.nproj), 'application/xml');
        }
      }}
    />
  );
}
