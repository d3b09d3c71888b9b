import { useEffect, useState, type ComponentType, type ReactElement } from 'react';

/** What every dialog of the site takes: it shows only while open, and says when it wants to close. */
export interface DialogProps {
  open: boolean;
  onClose: () => void;
}

export interface LazyModal<P extends DialogProps> {
  (props: P): ReactElement | null;
  /**
   * Fetches the dialog's code ahead of its opening (when the pointer reaches, or the focus lands on,
   * the button that opens it), so that the click shows it at once. Never rejects.
   */
  preload: () => void;
}

/**
 * A dialog whose code (form, validation, focus trap) is a chunk of its own, fetched on first opening:
 * a first visit of a page downloads none of it. Closed, it renders nothing, on the server as in the
 * browser. Opened, it shows as soon as its chunk is there (at once from the second opening on); the
 * Modal then moves the focus into it and gives it back to the opener on close. The dialog is an
 * overlay, so nothing of the page moves meanwhile. If the chunk cannot be fetched (offline, or a new
 * version deployed since the page was loaded), the dialog asks to be closed, and the next opening
 * tries again.
 */
export function lazyModal<P extends DialogProps>(load: () => Promise<ComponentType<P>>): LazyModal<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  function LazyDialog(props: P) {
    const { open, onClose } = props;
    const [fetched, setFetched] = useState<ComponentType<P> | undefined>(undefined);
    const Dialog = fetched ?? loaded;

    useEffect(() => {
      if (!open || Dialog) return;
      let current = true;
      loadOnce().then(
        (component) => {
          if (current) setFetched(() => component);
        },
        () => {
          if (current) onClose();
        },
      );
      return () => {
        current = false;
      };
    }, [open, Dialog, onClose]);

    return open && Dialog ? <Dialog {...props} /> : null;
  }

  return Object.assign(LazyDialog, {
    preload: () => {
      loadOnce().catch(() => {
        // Nothing to do: the opening itself will try again.
      });
    },
  });
}
