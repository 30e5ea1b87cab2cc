/**
 * Character chat and the reading helpers: characters, conversations, the send call
 * (one idempotency key per typed message, so a double tap pays once) and the reply stream, read
 * with fetch + ReadableStream so each chunk shows as it arrives.
 */
import type { AiStreamEvent, CallResponse } from '@dm51/shared';
import {
  aiCharactersCall,
  aiChatClearCall,
  aiChatHistoryCall,
  aiChatSendCall,
  aiConversationsCall,
  aiRecapCall,
  aiSummaryCall,
  aiWhoCall,
  aiWhoNamesCall,
} from '@dm51/shared/call-refs';
import { ApiCode } from '@dm51/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { currentHost } from '../../lib/api/host';
import { clearIntentKey, intentKey } from '../../lib/intent-key';
import { aiChatKeys, invalidate } from './query-keys';

export type AiCharacters = CallResponse<typeof aiCharactersCall>;
export type AiChatMessage = CallResponse<typeof aiChatHistoryCall>['list'][number];
export type AiConversation = CallResponse<typeof aiConversationsCall>['list'][number];

export function useAiCharacters(workId: number) {
  return useQuery({
    queryKey: aiChatKeys.characters(workId),
    queryFn: ({ signal }) => callApi(aiCharactersCall, { work_id: workId }, { signal }),
    enabled: workId > 0,
  });
}

export function useAiChatHistory(workId: number, character: string) {
  return useQuery({
    queryKey: aiChatKeys.history(workId, character),
    queryFn: ({ signal }) =>
      callApi(aiChatHistoryCall, { work_id: workId, character, page: 1, limit: 50 }, { signal }),
    enabled: workId > 0 && character !== '',
  });
}

export function useAiConversations(uid: number) {
  return useQuery({
    queryKey: aiChatKeys.conversations(uid),
    queryFn: ({ signal }) => callApi(aiConversationsCall, { page: 1, limit: 5 }, { signal }),
  });
}

export function useAiHelper(kind: 'recap' | 'summary', chapterId: number, enabled: boolean) {
  return useQuery({
    queryKey: aiChatKeys.helper(kind, chapterId),
    queryFn: ({ signal }) =>
      callApi(kind === 'recap' ? aiRecapCall : aiSummaryCall, { chapter_id: chapterId }, { signal }),
    enabled: enabled && chapterId > 0,
    // Generated once per chapter on the server: never stale in a session.
    staleTime: Infinity,
  });
}

/** "Who is": the names to offer at a chapter, and the answer about one (both fixed per chapter). */
const whoKeys = {
  names: (chapterId: number) => [...aiChatKeys.all, 'who-names', chapterId] as const,
  answer: (chapterId: number, name: string) => [...aiChatKeys.all, 'who', chapterId, name] as const,
};

export function useAiWhoNames(chapterId: number, enabled: boolean) {
  return useQuery({
    queryKey: whoKeys.names(chapterId),
    queryFn: ({ signal }) => callApi(aiWhoNamesCall, { chapter_id: chapterId }, { signal }),
    enabled: enabled && chapterId > 0,
    staleTime: Infinity,
  });
}

export function useAiWho(chapterId: number, name: string) {
  return useQuery({
    queryKey: whoKeys.answer(chapterId, name),
    queryFn: ({ signal }) => callApi(aiWhoCall, { chapter_id: chapterId, name }, { signal }),
    enabled: chapterId > 0 && name !== '',
    staleTime: Infinity,
  });
}

export function useClearChat(workId: number, character: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(aiChatClearCall, { work_id: workId, character }),
    onSuccess: () => invalidate(client, 'aiChat'),
  });
}

/** Codes the chat page explains itself (the guest prompt, the way to buy credits, no model). */
export const CHAT_QUIET_CODES = [ApiCode.AI_CREDITS_SHORT, ApiCode.AI_CHAT_NO_MODEL] as const;

export async function sendChat(workId: number, character: string, message: string) {
  const scope = `ai-chat:${workId}:${character}:${message}`;
  try {
    return await callApi(
      aiChatSendCall,
      { work_id: workId, character, message, idempotency_key: intentKey(scope) },
      { quiet: CHAT_QUIET_CODES },
    );
  } finally {
    clearIntentKey(scope);
  }
}

/**
 * Reads a reply stream (Server-Sent Events) and hands each event over as it arrives; resolves
 * with the last event (done or error).
 */
export async function readReplyStream(
  streamUrl: string,
  onEvent: (event: AiStreamEvent) => void,
  signal?: AbortSignal,
): Promise<AiStreamEvent | null> {
  const response = await fetch(`${currentHost() ?? ''}${streamUrl}`, {
    headers: { accept: 'text/event-stream' },
    ...(signal ? { signal } : {}),
  });
  if (!response.body) return null;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let last: AiStreamEvent | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      for (const line of block.split('\n')) {
        if (!line.startsWith('data:')) continue;
        last = JSON.parse(line.slice(5).trim()) as AiStreamEvent;
        onEvent(last);
      }
    }
  }
  return last;
}
