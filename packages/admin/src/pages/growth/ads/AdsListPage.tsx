/**
 * Growth → Ads: every ad with its placement, status (live / scheduled / ended / off), whether the
 * app gets it now, schedule, impressions, clicks and CTR; filters by placement and status; turn on
 * or off, edit, delete; and the global switch that hides every ad in the app.
 */
import { List, useTable } from '@refinedev/antd';
import { useCustom, useDelete, type CrudFilters, type HttpError } from '@refinedev/core';
import {
  Alert,
  Button,
  Form,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../../api/roles';
import { formatTime } from '../../../components/format';
import { useAction } from '../../../components/use-action';
import { PLACEMENTS, STATUSES, STATUS_COLOURS, percent, type AdRow } from './types';

interface Search {
  placement?: string;
  status?: string;
}

export function AdsListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canAdmin = useCan('admin');
  const { run, busy } = useAction(['growth/ads']);
  const { mutateAsync: remove } = useDelete();
  const global = useCustom<{ data: { global: number } }>({ url: '/growth/ads-global', method: 'get' });
  const globalOn = global.result?.data?.data?.global !== 0;
  const { tableProps, searchFormProps, tableQuery } = useTable<AdRow, HttpError, Search>({
    resource: 'growth/ads',
    syncWithLocation: false,
    onSearch: (v): CrudFilters => [
      { field: 'placement', operator: 'eq', value: v.placement },
      { field: 'status', operator: 'eq', value: v.status },
    ],
  });

  const schedule = (ad: AdRow) => {
    if (!ad.start_time && !ad.end_time)
      return <Typography.Text type="secondary">{t('ads.always')}</Typography.Text>;
    return (
      <Space direction="vertical" size={0}>
        {ad.start_time > 0 && <span>{t('ads.from', { time: formatTime(ad.start_time) })}</span>}
        {ad.end_time > 0 && <span>{t('ads.until', { time: formatTime(ad.end_time) })}</span>}
      </Space>
    );
  };

  return (
    <List
      title={t('ads.title')}
      headerButtons={
        <Space size={16}>
          <Space size={6}>
            <Typography.Text>{t('ads.global')}</Typography.Text>
            <Switch
              checked={globalOn}
              loading={global.query.isLoading}
              disabled={!canAdmin || busy}
              data-testid="ads-global"
              onChange={async (on) => {
                await run('put', '/growth/ads-global', { global: on ? 1 : 0 });
                await global.query.refetch();
              }}
            />
          </Space>
          {canAdmin && (
            <Button type="primary" onClick={() => navigate('/growth/ads/new')} data-testid="ad-create">
              {t('ads.create')}
            </Button>
          )}
        </Space>
      }
    >
      <Alert type="info" showIcon message={t('ads.help')} style={{ marginBottom: 16 }} />
      {!globalOn && (
        <Alert type="warning" showIcon message={t('ads.globalOffNote')} style={{ marginBottom: 16 }} />
      )}
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="placement">
          <Select
            allowClear
            placeholder={t('ads.placement')}
            style={{ width: 150 }}
            data-testid="ads-filter-placement"
            options={PLACEMENTS.map((p) => ({ value: p, label: t(`ads.placements.${p}`) }))}
          />
        </Form.Item>
        <Form.Item name="status">
          <Select
            allowClear
            placeholder={t('ads.status')}
            style={{ width: 140 }}
            data-testid="ads-filter-status"
            options={STATUSES.map((s) => ({ value: s, label: t(`ads.statuses.${s}`) }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
      </Form>
      <Table<AdRow>
        {...tableProps}
        rowKey="id"
        onRow={(ad) => ({ 'data-testid': `ad-row-${ad.id}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 64 },
          {
            title: t('ads.picture'),
            dataIndex: 'pic',
            width: 80,
            render: (pic: string) =>
              pic ? (
                <img
                  src={pic}
                  alt=""
                  style={{ maxWidth: 56, maxHeight: 56, borderRadius: 6, display: 'block' }}
                />
              ) : (
                '—'
              ),
          },
          {
            title: t('ads.name'),
            dataIndex: 'name',
            render: (name: string, ad) => (
              <a onClick={() => navigate(`/growth/ads/${ad.id}/edit`)} data-testid={`ad-edit-${ad.id}`}>
                {name || `#${ad.id}`}
              </a>
            ),
          },
          {
            title: t('ads.placement'),
            dataIndex: 'page',
            render: (page: string) => <Tag>{t(`ads.placements.${page}`, { defaultValue: page })}</Tag>,
          },
          {
            title: t('ads.status'),
            dataIndex: 'status',
            render: (status: AdRow['status'], ad) => (
              <Space size={4} wrap>
                <Tag color={STATUS_COLOURS[status]} data-testid={`ad-status-${ad.id}`}>
                  {t(`ads.statuses.${status}`)}
                </Tag>
                {ad.serving && <Tag color="magenta">{t('ads.serving')}</Tag>}
              </Space>
            ),
          },
          { title: t('ads.schedule'), key: 'schedule', render: (_: unknown, ad) => schedule(ad) },
          { title: t('ads.impressions'), dataIndex: 'impressions', align: 'right' },
          { title: t('ads.clicks'), dataIndex: 'clicks', align: 'right' },
          {
            title: t('ads.ctr'),
            dataIndex: 'ctr',
            align: 'right',
            render: (ctr: number, ad) => (ad.impressions ? percent(ctr) : '—'),
          },
          { title: t('ads.order'), dataIndex: 'sort', align: 'right', width: 70 },
          {
            title: t('ads.on'),
            dataIndex: 'enabled',
            render: (enabled: boolean, ad) => (
              <Switch
                size="small"
                checked={enabled}
                disabled={!canAdmin || busy}
                data-testid={`ad-toggle-${ad.id}`}
                onChange={(on) =>
                  void run(
                    'put',
                    `/growth/ads/${ad.id}/enabled`,
                    { enabled: on },
                    t(on ? 'ads.turnedOn' : 'ads.turnedOff'),
                  )
                }
              />
            ),
          },
          {
            key: 'actions',
            render: (_: unknown, ad) => (
              <Space size={4}>
                <Button size="small" onClick={() => navigate(`/growth/ads/${ad.id}/edit`)}>
                  {t('buttons.edit')}
                </Button>
                {canAdmin && (
                  <Popconfirm
                    title={t('ads.deleteConfirm')}
                    onConfirm={async () => {
                      await remove({
                        resource: 'growth/ads',
                        id: ad.id,
                        successNotification: () => ({ type: 'success', message: t('ads.deleted') }),
                      });
                      await tableQuery.refetch();
                    }}
                  >
                    <Tooltip title={t('ads.delete')}>
                      <Button size="small" danger data-testid={`ad-delete-${ad.id}`}>
                        {t('ads.delete')}
                      </Button>
                    </Tooltip>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
    </List>
  );
}
