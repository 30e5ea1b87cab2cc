/**
 * Which renditions an episode gets: 360p and 720p where the source is taller, plus the source height
 * itself; never an upscale. The source-height rendition copies the streams when they are already
 * H.264/AAC (no quality loss, no CPU).
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

export function planRenditions(source: SourceFacts): PlannedRendition[] {
  const height = even(source.height || 360);
  const width = even(source.width || Math.round((height * 16) / 9));
  const heights = [...new Set([...LADDER.filter((h) => h < height), height])];
  const copyable =
    source.videoCodec.toLowerCase() === 'h264' &&
    source.audioCodecs.every((codec) => codec.toLowerCase() === 'aac');
  return heights.map((h) => ({
    name: `${h}p`,
    height: h,
    width: h === height ? width : even((width * h) / height),
    copy: copyable && h === height,
  }));
}
