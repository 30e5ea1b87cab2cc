/** Help, customer service and the about/agreement texts (all editable on the server). */
import { appHelpCall, initKefuCall, initTxtCall } from '@dm51/shared/call-refs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api/client';
import { helpKeys } from './query-keys';

/** The texts come in the reader's language until an operator writes their own: one cache per language. */
function useLanguage(): string {
  return useTranslation().i18n.language;
}

export function useHelp() {
  const language = useLanguage();
  return useQuery({
    queryKey: helpKeys.faq(language),
    queryFn: ({ signal }) => callApi(appHelpCall, {}, { signal }),
  });
}

export function useKefu() {
  const language = useLanguage();
  return useQuery({
    queryKey: helpKeys.kefu(language),
    queryFn: ({ signal }) => callApi(initKefuCall, {}, { signal }),
  });
}

export function useText(name: 'about' | 'agreement') {
  const language = useLanguage();
  return useQuery({
    queryKey: helpKeys.text(name, language),
    queryFn: ({ signal }) => callApi(initTxtCall, { name }, { signal }),
  });
}
