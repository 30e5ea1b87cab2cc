/**
 * A console action (approve, reply, grant...): one POST/PUT through Refine's custom mutation, a
 * success toast, and the lists of the given resources refreshed. Errors are shown by Refine's
 * notification provider with the server's message.
 */
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';

export function useAction(invalidates: string[]) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation();
  const run = async (method: 'post' | 'put', url: string, values: object, done?: string) => {
    const answer = await mutateAsync({
      url,
      method,
      values,
      successNotification: () => ({ type: 'success', message: done ?? t('common.done') }),
      errorNotification: (error) => ({ type: 'error', message: error?.message ?? t('common.failed') }),
    });
    for (const resource of invalidates) await invalidate({ resource, invalidates: ['list', 'detail'] });
    return answer.data as unknown;
  };
  return { run, busy: mutation.isPending };
}
