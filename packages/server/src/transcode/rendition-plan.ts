/**
 * Which renditions an episode gets: 360p and 720p where the source is taller, plus the source height
 * itself; never an upscale. The source-height rendition copies the video when it is already H.264
 * and its keyframes sit on the segment grid (no quality loss, no CPU); otherwise it is re-encoded
 * like the others, so every variant of an episode has the same segment boundaries.
 */
export interface SourceFacts {
  width: number;
  height: number;
  videoCodec: string;
  audioCodecs: string[];
}

export interface PlannedRendition {
  name: string;
  width: number;
  height: number;
  copy: boolean;
}

const LADDER = [360, 720];

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

export function planRenditions(
  source: SourceFacts,
  options: { keyframesOnGrid: boolean },
): PlannedRendition[] {
  const height = even(source.height || 360);
  const width = even(source.width || Math.round((height * 16) / 9));
  const heights = [...new Set([...LADDER.filter((h) => h < height), height])];
  const copyable = source.videoCodec.toLowerCase() === 'h264' && options.keyframesOnGrid;
  return heights.map((h) => ({
    name: `${h}p`,
    height: h,
    width: h === height ? width : even((width * h) / height),
    copy: copyable && h === height,
  }));
}
