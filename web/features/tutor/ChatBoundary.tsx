import { Component, type ReactNode } from 'react';

interface Props {
  /** Told once when something inside fails to render; the parent then remounts this. */
  onFailed(error: Error): void;
  children: ReactNode;
}

/**
 * Keeps a conversation that fails to render (a saved message the markdown renderer chokes on)
 * inside the chat: the rest of the page stays up, and the parent sets the conversation aside.
 */
export class ChatBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error): void {
    this.props.onFailed(error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
