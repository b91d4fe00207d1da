import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { MapContainer, useMap } from 'react-leaflet';
import { expect, it, onTestFinished, vi } from 'vitest';
import { MapController, MOVE_DEBOUNCE_MS } from './MapController';
import type { L } from './leafletSetup';
import { withMapSize } from '../test/mapSize';

withMapSize();

/** The map rests for as long as the controller waits before writing a move (under fake timers). */
const settle = () => act(async () => vi.advanceTimersByTime(MOVE_DEBOUNCE_MS));

/** Hands the test the Leaflet map. */
function MapProbe({ onMap }: { onMap: (map: L.Map) => void }) {
  const map = useMap();
  useEffect(() => {
    onMap(map);
  }, [map, onMap]);
  return null;
}

it("a link clicked in the map drops the viewport write still pending from the last move (the next page's URL stays)", async () => {
  vi.useFakeTimers();
  onTestFinished(() => {
    vi.useRealTimers();
  });
  const onViewportChange = vi.fn();
  let map: L.Map | undefined;
  render(
    <MapContainer center={[51.5, -0.12]} zoom={10}>
      <MapController filter={{}} summary={null} viewport={null} onViewportChange={onViewportChange} onViewChange={() => {}} />
      <MapProbe onMap={(leaflet) => (map = leaflet)} />
    </MapContainer>,
  );
  await settle();
  const link = document.createElement('a');
  link.href = '/business/9';
  link.textContent = 'View Full Details';
  link.addEventListener('click', (event) => event.preventDefault());
  map!.getContainer().append(link);
  onViewportChange.mockClear();

  act(() => map!.setView([51.6, -0.1], 11));
  fireEvent.click(screen.getByText('View Full Details'));
  await settle();
  expect(onViewportChange).not.toHaveBeenCalled();

  // Without a click the move is written, as always.
  act(() => map!.setView([51.7, -0.1], 12));
  await settle();
  expect(onViewportChange).toHaveBeenCalledTimes(1);
  expect(onViewportChange).toHaveBeenCalledWith(expect.objectContaining({ zoom: 12 }));
});
