/**
 * The parts the home page's lists share: finding a work of the kind by title, moving a row up or
 * down, and a titled list of picked works (the pinned recommendations, the works pinned to
 * "For you", the works never recommended) with its finder below.
 */
import { useCustom } from '@refinedev/core';
import { Button, List, Select, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Pinned {
  workId: number;
  title: string;
}

export function WorkFinder({
  kind,
  onAdd,
  testId,
}: {
  kind: string;
  onAdd: (w: Pinned) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const found = useCustom<{ data: { id: number; title: string }[] }>({
    url: '/catalogue/works',
    method: 'get',
    config: { query: { q, kind, pageSize: 20 } },
  });
  return (
    <Select
      showSearch
      data-testid={testId}
      style={{ width: 320 }}
      placeholder={t('catmore.addWork')}
      filterOption={false}
      value={null}
      onSearch={setQ}
      onChange={(id: number) => {
        const work = found.result?.data?.data.find((w) => w.id === id);
        if (work) onAdd({ workId: work.id, title: work.title });
      }}
      options={(found.result?.data?.data ?? []).map((w) => ({ value: w.id, label: `#${w.id} ${w.title}` }))}
    />
  );
}

function move<T>(list: T[], index: number, by: number): T[] {
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(Math.max(0, Math.min(next.length, index + by)), 0, item!);
  return next;
}

/** Up, down and remove for row `index` of `list`; none for a role that may not change it. */
export function useRowActions() {
  const { t } = useTranslation();
  return <T,>(list: T[], set: (l: T[]) => void, index: number, testId: string): ReactNode[] => [
    <Button key="up" size="small" disabled={index === 0} onClick={() => set(move(list, index, -1))}>
      {t('catmore.up')}
    </Button>,
    <Button
      key="down"
      size="small"
      disabled={index === list.length - 1}
      onClick={() => set(move(list, index, 1))}
    >
      {t('catmore.down')}
    </Button>,
    <Button
      key="remove"
      size="small"
      danger
      data-testid={`${testId}-remove-${index}`}
      onClick={() => set(list.filter((_, i) => i !== index))}
    >
      {t('catmore.remove')}
    </Button>,
  ];
}

/** A titled, ordered list of works with a finder that adds a work once. */
export function PickedWorks({
  title,
  hint,
  empty,
  kind,
  works,
  onChange,
  canChange,
  testId,
}: {
  title: string;
  hint: string;
  empty: string;
  kind: string;
  works: Pinned[];
  onChange: (works: Pinned[]) => void;
  canChange: boolean;
  /** Rows are `${testId}-${index}`, the finder `${testId}-add`. */
  testId: string;
}) {
  const rowActions = useRowActions();
  return (
    <section data-testid={`${testId}-list`}>
      <Typography.Title level={5}>{title}</Typography.Title>
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      <List
        bordered
        dataSource={works}
        locale={{ emptyText: empty }}
        renderItem={(r, index) => (
          <List.Item
            actions={canChange ? rowActions(works, onChange, index, testId) : []}
            data-testid={`${testId}-${index}`}
          >
            #{r.workId} {r.title}
          </List.Item>
        )}
      />
      {canChange && (
        <div style={{ margin: '12px 0' }}>
          <WorkFinder
            kind={kind}
            testId={`${testId}-add`}
            onAdd={(w) => {
              if (!works.some((r) => r.workId === w.workId)) onChange([...works, w]);
            }}
          />
        </div>
      )}
    </section>
  );
}
