/** The part of m3u8-parser (an HLS playlist parser, dev dependency; ships no types) the tests use. */
declare module 'm3u8-parser' {
  interface ParsedSegment {
    uri: string;
    duration: number;
    key?: { method: string; uri: string; iv?: Uint32Array };
  }

  interface ParsedPlaylist {
    uri: string;
    attributes: {
      BANDWIDTH?: number;
      'AVERAGE-BANDWIDTH'?: number;
      CODECS?: string;
      RESOLUTION?: { width: number; height: number };
    };
  }

  interface ParsedManifest {
    playlists?: ParsedPlaylist[];
    segments: ParsedSegment[];
    mediaSequence?: number;
    targetDuration?: number;
    endList?: boolean;
  }

  export class Parser {
    push(chunk: string): void;
    end(): void;
    manifest: ParsedManifest;
  }
}
