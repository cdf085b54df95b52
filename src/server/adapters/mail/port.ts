import type { Db } from '../../db/client';

/**
 * The mail port (DESIGN.md §1.5). Every mail is first written to `mail_outbox` inside the caller's
 * transaction, so it exists exactly when what it announces exists (a confirmed registration) and a
 * `topic` makes it unique (a confirmation is never queued twice). The adapter then decides what
 * "sending" means: the built-in outbox keeps the row as the delivered mail (admins read it in dev);
 * SMTP delivers queued rows after the transaction commits and marks them `sent` or `failed`.
 */

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** Content-ID for inline images (`<img src="cid:...">`). */
  cid?: string;
  content: Buffer;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** What the mail is about (e.g. `registration:<uuid>`): a second mail with the same topic is dropped. */
  topic?: string;
}

export interface Mailer {
  readonly name: 'outbox' | 'smtp';
  /** Writes the mail in `tx` (or the database); false when a mail with the same topic already exists. */
  enqueue(mail: OutgoingMail, opts?: { tx?: Db }): Promise<boolean>;
  /** Delivers what is waiting (SMTP); returns how many were handled. The outbox has nothing to do. */
  flush(): Promise<number>;
  /** Asks for a flush soon (after the caller's transaction commits). */
  kick(): void;
  close(): Promise<void>;
}

/** The transport that actually hands a mail to a server (SMTP adapter); separated so tests can call it alone. */
export interface MailTransport {
  send(mail: OutgoingMail & { from: string }): Promise<void>;
  close(): void;
}
