import { messages } from '@waymark/contracts/errors';
import type { TFunction } from 'i18next';

type MessageKey = keyof typeof messages;
const keyByText = new Map<string, MessageKey>(
  Object.entries(messages).map(([key, text]) => [text, key as MessageKey] as const),
);

/** The server speaks English (the error catalogue's texts); show known messages in the user's language. */
export function translateServerMessage(t: TFunction, message: string): string {
  const key = keyByText.get(message);
  return key ? t(`serverMessages.${key}`) : message;
}
