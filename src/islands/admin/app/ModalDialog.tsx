import { type ReactNode, useEffect, useReducer, useRef } from "react";
import { createPortal } from "react-dom";
import { trapTab } from "../../feedback/focus-trap.ts";
import "./dialog.css";

interface Props {
  open: boolean;
  /** Every way of closing ends here (Escape, a Close button): the owner sets `open` false. */
  onClose: () => void;
  /** The id of the dialog's heading. */
  labelledBy: string;
  className: string;
  /** Rendered only while open, so each opening starts afresh. */
  children: ReactNode;
}

/**
 * A native modal `<dialog>` (`showModal`: the page behind is inert), placed at the end of the
 * body so no form around its opener holds its fields. Escape asks the owner to close; focus
 * returns to the element that had it when the dialog opened, if that is still on the page.
 */
export function ModalDialog({ open, onClose, labelledBy, className, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const shown = useRef(false);
  // A render after the browser closed the dialog on its own, for the check below to run again.
  const [, resync] = useReducer((n: number) => n + 1, 0);

  // After every render: the dialog is shown exactly while `open` (the browser may close it
  // itself, as on a second Escape; the owner may keep it open).
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      if (!shown.current) {
        const active = document.activeElement;
        opener.current = active instanceof HTMLElement ? active : null;
        shown.current = true;
      }
      element.showModal();
    } else if (!open && shown.current) {
      shown.current = false;
      if (element.open) element.close();
      if (opener.current?.isConnected) opener.current.focus();
      opener.current = null;
    }
  });

  return createPortal(
    <dialog
      ref={dialog}
      className={className}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        // Escape: the owner decides (a form with unsaved changes asks first). One the browser
        // will not let be refused closes the dialog: its close event tells the owner.
        if (!event.cancelable) return;
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        if (!open) return;
        onClose();
        resync();
      }}
      onKeyDown={(event) => trapTab(event.currentTarget, event)}
    >
      {open && children}
    </dialog>,
    document.body,
  );
}
