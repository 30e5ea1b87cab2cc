/** The word filter: words masked with * in new comments and feedback. */
import { List } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import { Alert, Button, Card, Input, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../api/roles';
import { useAction } from '../../components/use-action';

export function WordFilterPage() {
  const { t } = useTranslation();
  const canEdit = useCan('moderator');
  const { query, result } = useCustom<{ data: string[] }>({ url: '/community/words', method: 'get' });
  const [words, setWords] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const { run, busy } = useAction([]);
  const saved = result?.data?.data;
  useEffect(() => {
    if (saved) setWords(saved);
  }, [saved]);

  const add = () => {
    const word = draft.trim();
    if (word && !words.includes(word)) setWords([...words, word]);
    setDraft('');
  };
  const save = async () => {
    await run('put', '/community/words', { words }, t('community.wordsSaved'));
    await query.refetch();
  };
  const dirty = JSON.stringify(words) !== JSON.stringify(saved ?? []);

  return (
    <List title={t('menu.words')}>
      <Card>
        <Alert type="info" showIcon message={t('community.wordsHelp')} style={{ marginBottom: 16 }} />
        <div style={{ marginBottom: 16, minHeight: 40 }} data-testid="word-list">
          {words.map((word) => (
            <Tag
              key={word}
              closable={canEdit}
              onClose={() => setWords(words.filter((w) => w !== word))}
              style={{ marginBottom: 8, fontSize: 14, padding: '2px 8px' }}
            >
              {word}
            </Tag>
          ))}
        </div>
        {canEdit && (
          <Space>
            <Input
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onPressEnter={add}
              placeholder={t('community.addWord')}
              style={{ width: 260 }}
              maxLength={50}
              data-testid="word-input"
            />
            <Button onClick={add}>{t('common.add')}</Button>
            <Button type="primary" disabled={!dirty} loading={busy} onClick={save} data-testid="word-save">
              {t('common.save')}
            </Button>
          </Space>
        )}
      </Card>
    </List>
  );
}
