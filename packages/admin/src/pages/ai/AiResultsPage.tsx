/** AI → Generated images: the newest results with thumbnails; hide one from everyone (audited). */
import { List, useTable } from '@refinedev/antd';
import type { CrudFilters } from '@refinedev/core';
import { Button, Image, Popconfirm, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../api/roles';
import { formatTime } from '../../components/format';
import { useAction } from '../../components/use-action';

interface AiResult {
  id: number;
  userId: number;
  nickname: string;
  style: string;
  cost: number;
  hidden: 'no' | 'user' | 'operator';
  time: number;
  thumbnail: string;
}

export function AiResultsPage() {
  const { t } = useTranslation();
  const canEdit = useCan('admin');
  const [onlyHidden, setOnlyHidden] = useState(false);
  const filters: CrudFilters = onlyHidden ? [{ field: 'hidden', operator: 'eq', value: '1' }] : [];
  const { tableProps } = useTable<AiResult>({
    resource: 'ai/results',
    syncWithLocation: false,
    filters: { permanent: filters },
  });
  const { run, busy } = useAction(['ai/results']);
  return (
    <List
      title={t('sysai.menu.aiResults')}
      headerButtons={
        <span>
          {t('sysai.onlyHidden')} <Switch checked={onlyHidden} onChange={setOnlyHidden} />
        </span>
      }
    >
      <Table
        {...tableProps}
        rowKey="id"
        size="small"
        onRow={(row) => ({ 'data-testid': `ai-result-${row.id}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          {
            title: t('sysai.thumbnail'),
            dataIndex: 'thumbnail',
            width: 110,
            render: (src: string) =>
              src ? <Image src={src} width={80} height={80} style={{ objectFit: 'cover' }} /> : '—',
          },
          {
            title: t('sysai.user'),
            dataIndex: 'userId',
            render: (id: number, row) => <Link to={`/users/${id}`}>{row.nickname || `#${id}`}</Link>,
          },
          { title: t('sysai.style'), dataIndex: 'style' },
          { title: t('sysai.cost'), dataIndex: 'cost', align: 'right' },
          { title: t('sysai.time'), dataIndex: 'time', render: (v: number) => formatTime(v) },
          {
            title: t('sysai.status'),
            dataIndex: 'hidden',
            render: (v: AiResult['hidden']) =>
              v === 'operator' ? (
                <Tag color="red">{t('sysai.hiddenByOperator')}</Tag>
              ) : v === 'user' ? (
                <Tag>{t('sysai.hiddenByUser')}</Tag>
              ) : (
                <Tag color="green">{t('sysai.visible')}</Tag>
              ),
          },
          ...(canEdit
            ? [
                {
                  title: '',
                  key: 'actions',
                  render: (_: unknown, row: AiResult) =>
                    row.hidden === 'no' ? (
                      <Popconfirm
                        title={t('sysai.hideConfirm')}
                        onConfirm={() => run('post', `/ai/results/${row.id}/hide`, {}, t('sysai.hidden'))}
                      >
                        <Button danger size="small" loading={busy} data-testid={`ai-hide-${row.id}`}>
                          {t('sysai.hide')}
                        </Button>
                      </Popconfirm>
                    ) : row.hidden === 'operator' ? (
                      <Button
                        size="small"
                        loading={busy}
                        onClick={() => run('post', `/ai/results/${row.id}/unhide`, {}, t('sysai.shown'))}
                      >
                        {t('sysai.unhide')}
                      </Button>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
    </List>
  );
}
