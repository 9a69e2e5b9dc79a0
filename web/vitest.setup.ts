import '@testing-library/jest-dom/vitest';
import { fireEvent } from '@testing-library/react';
import { options } from 'preact';

// The app runs on preact/compat (runtime.ts), which hears a text field's onChange on its `input`
// event, as browsers fire it on every keystroke; a test's fireEvent.change stands for typing, so it
// fires `input` too.
const change = fireEvent.change;
fireEvent.change = (element, init) => {
  const result = change(element, init);
  const typed = element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && !/^(checkbox|radio|file)$/.test(element.type));
  return typed ? fireEvent.input(element) && result : result;
};

// Preact runs effects after the next frame; React's act() runs them before a test goes on. Tests
// were written for the latter (a test must not beat an effect that a person never could), so
// effects run as soon as the render is done.
options.requestAnimationFrame = (flush) => queueMicrotask(flush);
