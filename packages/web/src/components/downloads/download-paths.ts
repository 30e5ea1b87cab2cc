/** The Downloads page (routes/route-table.ts). */
export const DOWNLOADS_PATH = '/pages/user/downloads';
