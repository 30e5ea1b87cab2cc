/**
 * Catalogue: works searched by title and filtered by kind, status, category, VIP and published; a
 * drawer edits a work (title, alternative titles, summary, status, score, categories, pay mode
 * with free-chapter count, coin price, published) and lists its chapters with what is locked.
 */
import { List, useTable } from '@refinedev/antd';
import type { CrudFilters, HttpError } from '@refinedev/core';
import { useCustom } from '@refinedev/core';
import { Button, Drawer, Form, Input, InputNumber, Radio, Select, Space, Switch, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../api/roles';
import { formatTime } from '../../components/format';
import { useAction } from '../../components/use-action';
import { CoverPanel, PeoplePanel } from './WorkExtras';

const KINDS = ['comic', 'novel', 'anime'] as const;

interface WorkRow {
  id: number;
  type: number;
  title: string;
  is_end: number;
  pay: number;
  score_x10: number;
  chapter_count: number;
  published: number;
  updated_time: number;
}
interface Category {
  id: number;
  type: number;
  name: string;
}
interface WorkDetail {
  id: number;
  type: number;
  title: string;
  altTitles: string[];
  summary: string;
  status: 'serial' | 'finished';
  score: number;
  categoryIds: number[];
  pay: 'free' | 'coins' | 'vip';
  freeChapters: number;
  chapterPrice: number;
  published: boolean;
  chapters: { id: number; sort_order: number; title: string; pay: number }[];
}
interface Search {
  q?: string;
  kind?: string;
  status?: string;
  categoryId?: number;
  vip?: string;
  published?: string;
}

function WorkEditor({
  id,
  categories,
  onClose,
}: {
  id: number;
  categories: Category[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const canChange = useCan('admin');
  const [form] = Form.useForm<WorkDetail>();
  const { run, busy } = useAction(['catalogue/works']);
  const detail = useCustom<{ data: WorkDetail }>({ url: `/catalogue/works/${id}`, method: 'get' });
  const work = detail.result?.data?.data;
  useEffect(() => {
    if (work) form.setFieldsValue(work);
  }, [work, form]);
  const save = async () => {
    const values = await form.validateFields();
    await run(
      'put',
      `/catalogue/works/${id}`,
      {
        title: values.title,
        altTitles: (values.altTitles ?? []).filter((a) => a.trim()),
        summary: values.summary ?? '',
        status: values.status,
        score: values.score,
        categoryIds: values.categoryIds ?? [],
        pay: values.pay,
        freeChapters: values.freeChapters,
        chapterPrice: values.chapterPrice,
        published: values.published,
      },
      t('libcat.saved'),
    );
    await detail.query.refetch();
  };
  return (
    <Drawer
      open
      width={640}
      title={`${t('libcat.editWork')} #${id}`}
      onClose={onClose}
      extra={
        canChange && (
          <Button type="primary" loading={busy} onClick={() => void save()} data-testid="work-save">
            {t('buttons.save')}
          </Button>
        )
      }
    >
      <Form form={form} layout="vertical" disabled={!canChange}>
        <Form.Item name="title" label={t('libcat.title')} rules={[{ required: true, max: 200 }]}>
          <Input data-testid="work-title" />
        </Form.Item>
        <Form.Item name="altTitles" label={t('libcat.altTitles')}>
          <Select mode="tags" open={false} />
        </Form.Item>
        <Form.Item name="summary" label={t('libcat.summary')}>
          <Input.TextArea rows={4} maxLength={5000} />
        </Form.Item>
        <Space size={24} wrap>
          <Form.Item name="status" label={t('libcat.status')}>
            <Radio.Group
              options={[
                { value: 'serial', label: t('libcat.serial') },
                { value: 'finished', label: t('libcat.finishedStatus') },
              ]}
            />
          </Form.Item>
          <Form.Item name="score" label={t('libcat.score')}>
            <InputNumber min={0} max={10} step={0.1} />
          </Form.Item>
          <Form.Item name="published" label={t('libcat.published')} valuePropName="checked">
            <Switch data-testid="work-published" />
          </Form.Item>
        </Space>
        <Form.Item name="categoryIds" label={t('libcat.categories')}>
          <Select
            mode="multiple"
            options={categories
              .filter((c) => c.type === work?.type)
              .map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
        <Space size={24} wrap>
          <Form.Item name="pay" label={t('libcat.pay')}>
            <Radio.Group
              data-testid="work-pay"
              options={[
                { value: 'free', label: t('libcat.payFree') },
                { value: 'coins', label: t('libcat.payCoins') },
                { value: 'vip', label: t('libcat.payVip') },
              ]}
            />
          </Form.Item>
          <Form.Item name="freeChapters" label={t('libcat.freeChapters')}>
            <InputNumber min={0} max={100000} data-testid="work-free" />
          </Form.Item>
          <Form.Item name="chapterPrice" label={t('libcat.chapterPrice')}>
            <InputNumber min={0} max={100000} />
          </Form.Item>
        </Space>
      </Form>
      <CoverPanel workId={id} />
      <PeoplePanel workId={id} />
      <Table
        size="small"
        rowKey="id"
        title={() => t('libcat.chapterList')}
        pagination={{ pageSize: 20 }}
        dataSource={work?.chapters ?? []}
        columns={[
          { title: '#', dataIndex: 'sort_order', width: 60, render: (n: number) => n + 1 },
          { title: t('libcat.title'), dataIndex: 'title' },
          {
            title: t('libcat.pay'),
            dataIndex: 'pay',
            render: (p: number) =>
              p === 2 ? (
                <Tag color="gold">VIP</Tag>
              ) : p === 1 ? (
                <Tag color="orange">{t('libcat.payCoins')}</Tag>
              ) : (
                <Tag>{t('libcat.free')}</Tag>
              ),
          },
        ]}
      />
    </Drawer>
  );
}

export function CataloguePage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<number | null>(null);
  const categories = useCustom<{ data: Category[] }>({ url: '/catalogue/categories', method: 'get' });
  const categoryList = categories.result?.data?.data ?? [];
  const { tableProps, searchFormProps } = useTable<WorkRow, HttpError, Search>({
    resource: 'catalogue/works',
    syncWithLocation: false,
    onSearch: (v): CrudFilters => [
      { field: 'q', operator: 'eq', value: v.q?.trim() || undefined },
      { field: 'kind', operator: 'eq', value: v.kind },
      { field: 'status', operator: 'eq', value: v.status },
      { field: 'categoryId', operator: 'eq', value: v.categoryId },
      { field: 'vip', operator: 'eq', value: v.vip },
      { field: 'published', operator: 'eq', value: v.published },
    ],
  });
  const yesNo = [
    { value: '1', label: t('libcat.yes') },
    { value: '0', label: t('libcat.no') },
  ];
  return (
    <List title={t('libcat.menuCatalogue')}>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="q">
          <Input.Search
            placeholder={t('libcat.searchTitle')}
            allowClear
            style={{ width: 260 }}
            data-testid="catalogue-search"
            onSearch={() => searchFormProps.form?.submit()}
          />
        </Form.Item>
        <Form.Item name="kind">
          <Select
            allowClear
            placeholder={t('libcat.kind')}
            style={{ width: 110 }}
            options={KINDS.map((k) => ({ value: k, label: t(`libcat.${k}`) }))}
          />
        </Form.Item>
        <Form.Item name="status">
          <Select
            allowClear
            placeholder={t('libcat.status')}
            style={{ width: 120 }}
            options={[
              { value: 'serial', label: t('libcat.serial') },
              { value: 'finished', label: t('libcat.finishedStatus') },
            ]}
          />
        </Form.Item>
        <Form.Item name="categoryId">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('libcat.category')}
            style={{ width: 150 }}
            options={categoryList.map((c) => ({
              value: c.id,
              label: `${c.name} (${t(`libcat.${KINDS[c.type] ?? 'comic'}`)})`,
            }))}
          />
        </Form.Item>
        <Form.Item name="vip">
          <Select allowClear placeholder={t('libcat.vip')} style={{ width: 90 }} options={yesNo} />
        </Form.Item>
        <Form.Item name="published">
          <Select allowClear placeholder={t('libcat.published')} style={{ width: 110 }} options={yesNo} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
      </Form>
      <Table<WorkRow>
        {...tableProps}
        rowKey="id"
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          {
            title: t('libcat.title'),
            dataIndex: 'title',
            render: (title: string, w) => (
              <a onClick={() => setEditing(w.id)} data-testid={`work-${w.id}`}>
                {title}
              </a>
            ),
          },
          {
            title: t('libcat.kind'),
            dataIndex: 'type',
            render: (k: number) => t(`libcat.${KINDS[k] ?? 'comic'}`),
          },
          {
            title: t('libcat.status'),
            key: 'status',
            render: (_: unknown, w) => (
              <Space size={4} wrap>
                {w.is_end ? (
                  <Tag>{t('libcat.finishedStatus')}</Tag>
                ) : (
                  <Tag color="blue">{t('libcat.serial')}</Tag>
                )}
                {w.pay === 2 && <Tag color="gold">VIP</Tag>}
                {w.pay === 1 && <Tag color="orange">{t('libcat.payCoins')}</Tag>}
                {!w.published && <Tag color="red">{t('libcat.unpublished')}</Tag>}
              </Space>
            ),
          },
          { title: t('libcat.score'), dataIndex: 'score_x10', render: (s: number) => (s / 10).toFixed(1) },
          { title: t('libcat.chapterCount'), dataIndex: 'chapter_count' },
          { title: t('libcat.updated'), dataIndex: 'updated_time', render: formatTime },
          {
            key: 'edit',
            render: (_: unknown, w) => (
              <Button size="small" onClick={() => setEditing(w.id)}>
                {t('libcat.edit')}
              </Button>
            ),
          },
        ]}
      />
      {editing !== null && (
        <WorkEditor id={editing} categories={categoryList} onClose={() => setEditing(null)} />
      )}
    </List>
  );
}
