import type { Core } from '@zaytoon/core';
import type { RouteHandlers } from '../http/route-table';
import { sendOpenDataFile } from '../http/send-open-data';

/** The open data files, served from storage. */
export function openDataController(core: Core): Pick<RouteHandlers, 'exportBusinessesCsv' | 'exportBusinessesGeoJson'> {
  const { openData } = core.services;
  return {
    exportBusinessesCsv: async ({ req, res }) => void (await sendOpenDataFile(req, res, openData, 'csv')),
    exportBusinessesGeoJson: async ({ req, res }) => void (await sendOpenDataFile(req, res, openData, 'geojson')),
  };
}
