/** Links between the anime pages. */
export function playerHref(workId: number, episodeId: number): string {
  return `/pages/anime/player?id=${workId}&ep=${episodeId}`;
}

export function detailsHref(workId: number): string {
  return `/pages/anime/details?id=${workId}`;
}
