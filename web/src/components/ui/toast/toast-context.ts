import { createContext } from 'react';

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastOptions {
  kind?: ToastKind;
  /** How long the toast stays before it fades out, in ms. */
  duration?: number;
}

export interface ToastApi {
  show(message: string, options?: ToastOptions): number;
  success(message: string, duration?: number): number;
  error(message: string, duration?: number): number;
  info(message: string, duration?: number): number;
  dismiss(id: number): void;
}

export const TOAST_DEFAULT_DURATION_MS = 4000;
export const TOAST_FADE_MS = 300;

export const ToastContext = createContext<ToastApi | null>(null);
