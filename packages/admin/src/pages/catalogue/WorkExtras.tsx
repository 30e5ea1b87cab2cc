/**
 * The work editor's second part: the cover (upload a picture, or pick one of the work's pages in a
 * picker of chapter page thumbnails) and the authors and tags (by name, autocompleted from the
 * existing ones). Each saves on its own, audited on the server; the app shows it at once.
 */
import { useCustom } from '@refinedev/core';
import { Button, Card, Empty, Form, Image, Modal, Select, Space, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../api/roles';
import { useAction } from '../../components/use-action';

interface CoverInfo {
  key: string;
  width: number;
  height: number;
  thumb: string;
}
interface Picker {
  chapters: { id: number; sort_order: number; title: string; page_count: number }[];
  chapterId: number | null;
  pages: { index: number; width: number; height: number; thumb: string }[];
}

/** A picked file as base64 (the console's API takes JSON only). */
export function fileBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

function PagePicker({
  workId,
  onPick,
}: {
  workId: number;
  onPick: (chapterId: number, index: number) => void;
}) {
  const { t } = useTranslation();
  const [chapterId, setChapterId] = useState<number | undefined>();
  const picker = useCustom<{ data: Picker }>({
    url: `/catalogue/works/${workId}/pages`,
    method: 'get',
    config: { query: chapterId ? { chapterId } : {} },
  });
  const data = picker.result?.data?.data;
  return (
    <>
      <Form.Item label={t('catmore.chapter')}>
        <Select
          data-testid="picker-chapter"
          style={{ width: 320 }}
          value={data?.chapterId ?? undefined}
          onChange={(v: number) => setChapterId(v)}
          options={(data?.chapters ?? []).map((c) => ({
            value: c.id,
            label: `${c.sort_order + 1}. ${c.title || '—'} (${c.page_count})`,
          }))}
        />
      </Form.Item>
      {data && data.pages.length === 0 ? (
        <Empty description={t('catmore.noPages')} />
      ) : (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
          {(data?.pages ?? []).map((p) => (
            <button
              key={p.index}
              type="button"
              data-testid={`picker-page-${p.index}`}
              onClick={() => data?.chapterId && onPick(data.chapterId, p.index)}
              style={{
                border: '1px solid #d9d9d9',
                borderRadius: 6,
                padding: 4,
                background: '#fff',
                cursor: 'pointer',
              }}
            >
              <img src={p.thumb} alt={`${p.index + 1}`} style={{ width: 96, display: 'block' }} />
              <Typography.Text type="secondary">{p.index + 1}</Typography.Text>
            </button>
          ))}
        </div>
      )}
    </>
  );
}

export function CoverPanel({ workId }: { workId: number }) {
  const { t } = useTranslation();
  const canChange = useCan('admin');
  const { run, busy } = useAction(['catalogue/works']);
  const [picking, setPicking] = useState(false);
  const cover = useCustom<{ data: CoverInfo }>({ url: `/catalogue/works/${workId}/cover`, method: 'get' });
  const info = cover.result?.data?.data;
  const upload = async (file: File) => {
    await run(
      'post',
      `/catalogue/works/${workId}/cover`,
      { image: await fileBase64(file) },
      t('catmore.coverSaved'),
    );
    await cover.query.refetch();
  };
  const pick = async (chapterId: number, pageIndex: number) => {
    await run('put', `/catalogue/works/${workId}/cover`, { chapterId, pageIndex }, t('catmore.coverSaved'));
    setPicking(false);
    await cover.query.refetch();
  };
  return (
    <Card size="small" title={t('catmore.cover')} style={{ marginBottom: 16 }} data-testid="cover-panel">
      <Space align="start" size={16}>
        {info?.thumb ? (
          <Image src={info.thumb} width={120} data-testid="cover-thumb" data-key={info.key} />
        ) : (
          <div style={{ width: 120, height: 160, background: '#f0f0f0' }}>{t('catmore.noCover')}</div>
        )}
        {canChange && (
          <Space direction="vertical">
            <Upload
              accept="image/*"
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file).catch(() => undefined);
                return false;
              }}
            >
              <Button loading={busy} data-testid="cover-upload">
                {t('catmore.upload')}
              </Button>
            </Upload>
            <Button onClick={() => setPicking(true)} data-testid="cover-pick">
              {t('catmore.pickPage')}
            </Button>
            <Typography.Text type="secondary">{t('catmore.uploadHint')}</Typography.Text>
            {info?.key && (
              <Typography.Text type="secondary" copyable style={{ fontSize: 12 }}>
                {info.key} · {info.width}×{info.height}
              </Typography.Text>
            )}
          </Space>
        )}
      </Space>
      {picking && (
        <Modal
          open
          width={760}
          title={t('catmore.pickTitle')}
          footer={null}
          onCancel={() => setPicking(false)}
        >
          <PagePicker workId={workId} onPick={(c, i) => void pick(c, i).catch(() => undefined)} />
        </Modal>
      )}
    </Card>
  );
}

/** A multi-select of names with suggestions from `/catalogue/<what>?q=`; new names are allowed. */
function NameSelect({
  what,
  value,
  onChange,
  testId,
}: {
  what: 'authors' | 'tags';
  value?: string[];
  onChange?: (v: string[]) => void;
  testId: string;
}) {
  const [q, setQ] = useState('');
  const found = useCustom<{ data: { id: number; name: string }[] }>({
    url: `/catalogue/${what}`,
    method: 'get',
    config: { query: { q } },
  });
  return (
    <Select
      mode="tags"
      data-testid={testId}
      value={value}
      onChange={onChange}
      onSearch={setQ}
      tokenSeparators={[',', '，']}
      options={(found.result?.data?.data ?? []).map((a) => ({ value: a.name, label: a.name }))}
    />
  );
}

export function PeoplePanel({ workId }: { workId: number }) {
  const { t } = useTranslation();
  const canChange = useCan('admin');
  const [form] = Form.useForm<{ authors: string[]; tags: string[] }>();
  const { run, busy } = useAction(['catalogue/works']);
  const people = useCustom<{ data: { authors: string[]; tags: string[] } }>({
    url: `/catalogue/works/${workId}/people`,
    method: 'get',
  });
  const data = people.result?.data?.data;
  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);
  const save = async () => {
    const values = form.getFieldsValue();
    await run(
      'put',
      `/catalogue/works/${workId}/people`,
      { authors: values.authors ?? [], tags: values.tags ?? [] },
      t('catmore.peopleSaved'),
    );
    await people.query.refetch();
  };
  return (
    <Card
      size="small"
      title={`${t('catmore.authors')} · ${t('catmore.tags')}`}
      style={{ marginBottom: 16 }}
      extra={
        canChange && (
          <Button
            size="small"
            loading={busy}
            onClick={() => void save().catch(() => undefined)}
            data-testid="people-save"
          >
            {t('catmore.savePeople')}
          </Button>
        )
      }
    >
      <Form form={form} layout="vertical" disabled={!canChange}>
        <Form.Item name="authors" label={t('catmore.authors')} extra={t('catmore.peopleHint')}>
          <NameSelect what="authors" testId="work-authors" />
        </Form.Item>
        <Form.Item name="tags" label={t('catmore.tags')}>
          <NameSelect what="tags" testId="work-tags" />
        </Form.Item>
      </Form>
    </Card>
  );
}
