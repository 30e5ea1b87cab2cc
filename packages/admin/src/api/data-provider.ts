/**
 * Refine's data provider over /admin/api. Resources are API paths (`community/comments`,
 * `users/12/orders`): lists answer `{data, total}` and take `page`, `pageSize` and one query
 * parameter per `eq` filter; a record is `GET /<resource>/<id>` answering `{data}`. Actions that are
 * not plain CRUD (approve, reply, grant) go through `custom` (useCustomMutation).
 */
import type { BaseRecord, CrudFilter, DataProvider } from '@refinedev/core';
import { API_BASE, http } from './http';

function queryOf(filters: CrudFilter[] | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const filter of filters ?? []) {
    if (!('field' in filter) || filter.operator !== 'eq') continue;
    const value: unknown = filter.value;
    if (value === undefined || value === null || value === '') continue;
    params.set(filter.field, String(value));
  }
  return params;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const dataProvider: DataProvider = {
  getApiUrl: () => API_BASE,

  async getList<T extends BaseRecord>({
    resource,
    pagination,
    filters,
  }: Parameters<DataProvider['getList']>[0]) {
    const params = queryOf(filters);
    params.set('page', String(pagination?.currentPage ?? 1));
    params.set('pageSize', String(pagination?.pageSize ?? 20));
    const body = await http<{ data: T[]; total?: number }>('GET', `/${resource}?${params}`);
    return { data: body.data, total: body.total ?? body.data.length };
  },

  async getOne<T extends BaseRecord>({ resource, id }: Parameters<DataProvider['getOne']>[0]) {
    const body = await http<{ data: T }>('GET', `/${resource}/${id}`);
    return { data: body.data };
  },

  async create<T extends BaseRecord>({ resource, variables }: Parameters<DataProvider['create']>[0]) {
    return { data: await http<T>('POST', `/${resource}`, variables) };
  },

  async update<T extends BaseRecord>({ resource, id, variables }: Parameters<DataProvider['update']>[0]) {
    return { data: await http<T>('PUT', `/${resource}/${id}`, variables) };
  },

  async deleteOne<T extends BaseRecord>({ resource, id }: Parameters<DataProvider['deleteOne']>[0]) {
    return { data: await http<T>('DELETE', `/${resource}/${id}`) };
  },

  async custom<T extends BaseRecord>({
    url,
    method,
    payload,
    query,
  }: Parameters<NonNullable<DataProvider['custom']>>[0]) {
    const params = query ? `?${new URLSearchParams(query as Record<string, string>)}` : '';
    const path = url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url;
    return { data: await http<T>(method.toUpperCase() as Method, `${path}${params}`, payload) };
  },
};
