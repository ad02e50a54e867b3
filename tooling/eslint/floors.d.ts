import type { Rule } from 'eslint';

/** A package's floor table (`apps/api/floors.json`). */
export interface FloorTable {
  scope: string[];
  floors: { name: string; paths: string[]; areas?: string[] }[];
  integrations?: string[];
}
export interface Place {
  floor: number;
  name: string;
  area: string | null;
  rank: number;
}
export declare function placeOf(table: FloorTable, relPath: string): Place | null;
export declare function refusalOf(table: FloorTable, from: string, to: string): string | null;
export declare function resolveRelative(
  fromAbs: string,
  spec: string,
  exists: (file: string) => boolean,
): string | null;
export declare const floorsRule: Rule.RuleModule;
