/**
 * The pen runtime both apps share (`@dotink/view/pens`): smart pens over Web Bluetooth into a
 * pen manager, the password prompt of a locked pen, the pen's failures and notices as messages
 * of the view's catalogue (ko, en, ja, zh-TW), one stroke builder for every pen (and the page
 * view's pointer pen) and the live ink feed the page view draws from. Completed strokes go to
 * the app's listener (the board's open board, the classroom's annotation).
 *
 * The app says how to show things through a {@link PenHost}: its password dialog, its message
 * dialog or toast, its connecting flag and its pen list. What only one app needs (the board's
 * tools, paper buttons, page creation) stays in that app: it passes `brushFor`, `classifyPage`,
 * `wrapListener` and `route`.
 */
import {
  type BrushState,
  type KeySource,
  type PageKind,
  type PenEvent,
  type PenId,
  randomKeySource,
  StrokeBuilder,
  type StrokeBuilderListener,
} from '@dotink/ink';
import type { PageAddress } from '@dotink/ncode';
import {
  type AskPassword,
  type BluetoothLike,
  BluetoothUnavailableError,
  bluetoothPenConnector,
  createPenManager,
  type Pen,
  type PenManager,
  PenSession,
  type PointerPen,
  systemScheduler,
} from '@dotink/pen';
import type { MessageKey, MessageParams } from '../i18n/i18n';
import { createLiveInkFeed, fanOutBuilderListener, type LiveInkFeed } from '../live/liveInkFeed';

/**
 * A message for the user, as a key of the view's catalogue: an `alert` needs reading (a message
 * dialog), a `toast` passes.
 */
export interface PenMessage {
  readonly key: MessageKey;
  readonly params?: MessageParams;
  readonly level: 'alert' | 'toast';
}

/** A connected smart pen as a list shows it. */
export interface PenListing {
  readonly id: string;
  readonly name: string;
}

/** How the app shows what the pens need (its own dialogs, toasts and state). */
export interface PenHost {
  /** Asks the locked pen's 4-digit password (undefined: the user gave up; the pen disconnects). */
  readonly askPassword: AskPassword;
  /** Shows a message in the user's language. */
  show(message: PenMessage): void;
  /** A connection is under way (the connect button waits). */
  setConnecting?(connecting: boolean): void;
  /** The connected smart pens changed. */
  setPens?(pens: readonly PenListing[]): void;
  /** A failure that is not the pen's (the app reports it in the user's language). */
  onError?(error: unknown): void;
}

export interface PenConnectionOptions {
  /** `navigator.bluetooth` (or the simulator's stand-in), read when the user connects a pen. */
  readonly bluetooth: () => BluetoothLike | undefined;
  readonly host: PenHost;
  /** What each pen's next stroke is made with (writer, surface owner, colour…), read at pen down. */
  readonly brushFor: (penId: PenId) => BrushState;
  /** What the builder reports besides the live feed: completed strokes, above all. */
  readonly ink: StrokeBuilderListener;
  readonly keys?: KeySource;
  /** Which pages are paper buttons or dropped (default: every page is ink). */
  readonly classifyPage?: (page: PageAddress) => PageKind;
  /** Wraps the builder's listener (the feed and `ink`), e.g. with the board's paper buttons. */
  readonly wrapListener?: (listener: StrokeBuilderListener) => StrokeBuilderListener;
  /** Gives each pen event to the builder (default: as it is); the board's pointer tool hovers. */
  readonly route?: (event: PenEvent, builder: StrokeBuilder) => void;
}

/** The pens of an app. */
export class PenConnection {
  readonly manager: PenManager;
  readonly feed: LiveInkFeed;
  readonly builder: StrokeBuilder;
  readonly keys: KeySource;
  /** Smart pens connected now, and those the user is disconnecting. */
  private readonly connectedPens = new Set<string>();
  private readonly leaving = new Set<string>();
  private mousePen: PointerPen | undefined;
  private unMouse: (() => void) | undefined;

  constructor(private readonly options: PenConnectionOptions) {
    this.keys = options.keys ?? randomKeySource((b) => crypto.getRandomValues(b));
    this.manager = createPenManager();
    this.feed = createLiveInkFeed();
    const listener = fanOutBuilderListener(this.feed, options.ink);
    this.builder = new StrokeBuilder({
      keys: this.keys,
      brushFor: options.brushFor,
      ...(options.classifyPage ? { classifyPage: options.classifyPage } : {}),
      listener: options.wrapListener ? options.wrapListener(listener) : listener,
    });
    const host = options.host;
    this.manager.onEvent((e) => this.route(e));
    this.manager.onCountChange(() =>
      host.setPens?.(this.manager.entries().map((e) => ({ id: e.mac, name: penName(e.pen) }))),
    );
    this.manager.onStateChange((change, pen) => {
      if (change.state === 'connected' && change.errorCode === 1 && change.message) {
        host.show({ key: 'pen.firmware', params: { message: change.message }, level: 'toast' });
      }
      if (change.state === 'connected') this.connectedPens.add(change.penId);
      // a connected pen that goes away without the user's Disconnect (switched off, out of range)
      if (change.state === 'disconnected' && this.connectedPens.delete(change.penId)) {
        if (!this.leaving.delete(change.penId)) {
          host.show({ key: 'pen.disconnected', params: { name: penName(pen) }, level: 'alert' });
        }
      }
    });
  }

  /** Uses `pen` as the mouse / touch pen (the page view's pointer pen); undefined removes it. */
  setMousePen(pen: PointerPen | undefined): void {
    this.unMouse?.();
    this.mousePen = pen;
    this.unMouse = pen?.onEvent((e) => this.route(e));
  }

  get mouse(): PointerPen | undefined {
    return this.mousePen;
  }

  /**
   * Asks for a smart pen and connects it (engine.md §4 pen connection: the password is asked and
   * re-asked with the count of wrong ones). Says 'no Bluetooth' when the device has none; a
   * cancelled chooser does nothing. Resolves true once connected.
   */
  async connect(): Promise<boolean> {
    const host = this.options.host;
    host.setConnecting?.(true);
    try {
      const connector = bluetoothPenConnector({
        manager: this.manager,
        bluetooth: this.options.bluetooth(),
        session: { scheduler: systemScheduler(), askPassword: (prompt) => host.askPassword(prompt) },
        onSession: (session) => {
          session.onNotice((n) => {
            if (n.kind === 'penReset') host.show({ key: 'pen.passwordReset', level: 'alert' });
          });
        },
      });
      return await connector.connect();
    } catch (error) {
      if (error instanceof BluetoothUnavailableError) {
        host.show({ key: 'pen.bluetoothUnavailable', level: 'alert' });
        return false;
      }
      host.onError?.(error);
      return false;
    } finally {
      host.setConnecting?.(false);
    }
  }

  /** Disconnects a smart pen (no 'disconnected' message: the user asked for it). */
  disconnect(id: string): void {
    this.leaving.add(id);
    this.manager.get(id)?.pen.disconnect();
  }

  /** Disconnects every smart pen and the mouse pen (the screen using them closes). */
  close(): void {
    for (const e of this.manager.entries()) this.disconnect(e.mac);
    this.setMousePen(undefined);
  }

  private route(e: PenEvent): void {
    if (this.options.route) this.options.route(e, this.builder);
    else this.builder.handle(e);
  }
}

/** A pen's name in lists and messages: its model and the end of its address. */
export function penName(pen: Pen): string {
  const info = pen instanceof PenSession ? pen.deviceInfo : undefined;
  return info?.modelName ? `${info.modelName} ${pen.penId.slice(-5)}` : pen.penId;
}
