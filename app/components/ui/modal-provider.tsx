import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { Modal } from "./modal";

export interface ModalContent {
  content: ReactNode;
  headline?: string;
  description?: string;
  closeOnOverlayClick?: boolean;
}

interface ModalApi {
  openModal: (modal: ModalContent) => void;
  closeModal: () => void;
}

const ModalContext = createContext<ModalApi | null>(null);

/** The app-wide modal of docs/product.md: one at a time, opened from anywhere with `useModal().openModal`. */
export function ModalProvider({ children }: { children: ReactNode }) {
  const [modal, setModal] = useState<ModalContent | null>(null);
  const closeModal = useCallback(() => setModal(null), []);
  const api = useMemo<ModalApi>(() => ({ openModal: setModal, closeModal }), [closeModal]);
  return (
    <ModalContext.Provider value={api}>
      {children}
      <Modal
        open={modal !== null}
        onClose={closeModal}
        headline={modal?.headline}
        description={modal?.description}
        closeOnOverlayClick={modal?.closeOnOverlayClick ?? true}
      >
        {modal?.content}
      </Modal>
    </ModalContext.Provider>
  );
}

export function useModal(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error("useModal must be used inside <ModalProvider>");
  return api;
}
