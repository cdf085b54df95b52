import { describe, expect, it } from 'vitest';
import { isEmptyReading, readWorkoutText, textFromWords } from './workout-reading';

const text = (...lines: string[]) => lines.join('\n');

describe('readWorkoutText: the apps as tesseract reads them', () => {
  it('reads Strava (labels above values in a grid, the unit wrapped, HR on one line)', () => {
    const ocr = text(
      '9:41                                    87%',
      'Rina Wulandari',
      'June 12, 2025 at 6:05 AM - Jakarta',
      '',
      'Morning Run',
      '',
      'Distance          Pace              Moving Time',
      '',
      '10.02      5:12 /km 52:13',
      'km',
      '',
      'Elevation Gain    Elapsed Time     Calories',
      '',
      '45 m      54:40     712',
      '',
      'Heart Rate',
      '',
      'Avg Heart Rate                   152 bpm',
      'Max Heart Rate                     178 bpm',
    );
    expect(readWorkoutText(ocr)).toEqual({ distance: 10.02, time: '00:52:13', avgHeartRate: 152 });
  });

  it('reads Strava in Indonesian (decimal comma, hours, thousands in calories)', () => {
    const ocr = text(
      '9:41                                   87%',
      '14 Juni 2025 pukul 05.32 + Bandung',
      'Lari Pagi',
      'Jarak             Tempo            Waktu Bergerak',
      '21,10     5:36 /km 1:58:07',
      'km',
      'Kenaikan Elevasi Waktu Berlalu     Kalori',
      '112 m    2:03:30 1.480',
      'Detak Jantung',
      'Rata-rata Detak Jantung           158 bpm',
      'Detak Jantung Maks               181 bpm',
    );
    expect(readWorkoutText(ocr)).toEqual({ distance: 21.1, time: '01:58:07', avgHeartRate: 158 });
  });

  it('reads Garmin Connect (values above labels, then a labelled list) and prefers the moving time', () => {
    const ocr = text(
      '07:12                                       64%',
      'Jun 15, 2025 @ 6:20 AM',
      '5.00 km           27:45',
      'Distance                  Time',
      '5:33 /km    147 bpm',
      'Avg Pace                   Avg HR',
      'Timing',
      'Moving Time                                 27:30',
      'Elapsed Time                                28:10',
      'Heart Rate',
      'Avg HR                              147 bpm',
      'Max HR                                 169 bpm',
      'Calories                                   412',
    );
    expect(readWorkoutText(ocr)).toEqual({ distance: 5, time: '00:27:30', avgHeartRate: 147 });
  });

  it('reads Garmin Connect in Indonesian, with OCR debris between rows', () => {
    const ocr = text(
      '8,45 km       45:20',
      '',
      'Jarak                            Waktu',
      '',
      '5:22 /km    149 bpm',
      '',
      'Kecepatan Rata-rata       Denyut Jantung Rata-rata',
      '',
      'WEL',
      '',
      'Waktu Bergerak                           44:58',
      'Waktu Berlalu                             46:02',
      'Denyut Jantung Rata-rata             149 bpm',
      'Denyut Jantung Maks                 171 bpm',
    );
    expect(readWorkoutText(ocr)).toEqual({ distance: 8.45, time: '00:44:58', avgHeartRate: 149 });
  });

  it('reads Nike Run Club (big number over "Kilometers", value-over-label rows, pace in 5\'32")', () => {
    const ocr = text(
      '18:47                                       52%',
      'Sunday 6/15/25',
      'Sunday Morning Run',
      '5.01',
      'Kilometers',
      `5'32"     27:44 312`,
      'Avg. Pace        Time            Calories',
      '18 m        145          172',
      'Elevation Gain    Heart Rate        Cadence',
      'Splits',
    );
    expect(readWorkoutText(ocr)).toEqual({ distance: 5.01, time: '00:27:44', avgHeartRate: 145 });
  });

  it('reads Nike Run Club in Indonesian (a label wrapped onto its own line)', () => {
    const ocr = text(
      'Minggu 15/6/25',
      '7,32',
      'Kilometer',
      `6'05"    44:32 455`,
      'Tempo Rata-rata Waktu            Kalori',
      '27 m       139         168',
      'Kenaikan          Detak Jantung    Kadens',
      'Elevasi',
    );
    expect(readWorkoutText(ocr)).toEqual({ distance: 7.32, time: '00:44:32', avgHeartRate: 139 });
  });
});

describe('readWorkoutText: labels and values', () => {
  it.each([
    ['Distance 5.00 km', 5],
    ['Jarak 10,02 km', 10.02],
    ['10.02 km', 10.02],
    ['Total Distance 42.20 km', 42.2],
    ['Distance\n12.5', 12.5],
    ['3.11\nMiles', 5.01],
    ['Distance 3.10 mi', 4.99],
    ['21.1\nKM', 21.1],
  ])('distance in %j → %d km', (ocr, km) => {
    expect(readWorkoutText(ocr).distance).toBe(km);
  });

  it.each([
    ['Moving Time 52:13', '00:52:13'],
    ['Waktu Bergerak 1:02:13', '01:02:13'],
    ['Elapsed Time 54:40', '00:54:40'],
    ['Waktu Berlalu 2:03:30', '02:03:30'],
    ['Time 00:52:13', '00:52:13'],
    ['Durasi 45:00', '00:45:00'],
    ['Duration 1:10:05', '01:10:05'],
    ['Waktu\n44:32', '00:44:32'],
    ['Time 1h 2m', '01:02:00'],
    ['Moving Time 52m 13s', '00:52:13'],
  ])('time in %j → %s', (ocr, time) => {
    expect(readWorkoutText(ocr).time).toBe(time);
  });

  it('prefers the moving time over the elapsed time, whichever comes first', () => {
    expect(readWorkoutText('Elapsed Time 54:40\nMoving Time 52:13').time).toBe('00:52:13');
    expect(readWorkoutText('Waktu Berlalu 54:40\nWaktu Bergerak 52:13').time).toBe('00:52:13');
    expect(readWorkoutText('Elapsed Time 54:40\nTime 53:02').time).toBe('00:53:02');
  });

  it.each([
    ['Avg Heart Rate 152 bpm', 152],
    ['Rata-rata Detak Jantung 152 bpm', 152],
    ['Avg HR 152', 152],
    ['Denyut Jantung Rata-rata 152 bpm', 152],
    ['Average Heart Rate\n149', 149],
    ['Heart Rate 141', 141],
  ])('average heart rate in %j → %d', (ocr, hr) => {
    expect(readWorkoutText(ocr).avgHeartRate).toBe(hr);
  });

  it('never takes the maximum heart rate for the average', () => {
    expect(readWorkoutText('Max Heart Rate 178 bpm\nAvg Heart Rate 152 bpm').avgHeartRate).toBe(152);
    expect(readWorkoutText('Detak Jantung Maks 181 bpm\nRata-rata Detak Jantung 158 bpm').avgHeartRate).toBe(158);
    expect(readWorkoutText('Max HR 178 bpm').avgHeartRate).toBeNull();
    expect(readWorkoutText('Denyut Jantung Maksimal 178').avgHeartRate).toBeNull();
  });

  it('never takes a pace for the time', () => {
    expect(readWorkoutText('Pace 5:12 /km').time).toBeNull();
    expect(readWorkoutText('Avg Pace 5:12').time).toBeNull();
    expect(readWorkoutText('Tempo 5:12/km').time).toBeNull();
    expect(readWorkoutText('5:12 /km\n5:40 /km').time).toBeNull();
    expect(readWorkoutText(`Time 5'12"`).time).toBeNull();
    // A pace with its unit is not a distance either.
    expect(readWorkoutText('Distance Pace\n10.02 km 5:12 /km').distance).toBe(10.02);
  });

  it('pairs a row of labels with a row of values by column', () => {
    expect(readWorkoutText('Moving Time   Elapsed Time\n52:13   54:40').time).toBe('00:52:13');
    expect(readWorkoutText('Elapsed Time   Moving Time\n54:40   52:13').time).toBe('00:52:13');
    // Values under the labels, or above them: the row that fits the labels wins.
    expect(readWorkoutText("5'32\"  27:44  312\nAvg Pace  Time  Calories\n18 m  145  172\nElevation  Heart Rate  Cadence")).toEqual({
      distance: null,
      time: '00:27:44',
      avgHeartRate: 145,
    });
  });

  it('reads a value written before its label on one line', () => {
    expect(readWorkoutText('10.02 km Distance 52:13 Moving Time')).toEqual({ distance: 10.02, time: '00:52:13', avgHeartRate: null });
  });
});

describe('readWorkoutText: OCR noise', () => {
  it('reads O for 0 and l or I for 1 inside numbers', () => {
    expect(readWorkoutText('Distance 1O.O2 km')).toMatchObject({ distance: 10.02 });
    expect(readWorkoutText('Moving Time 52:l3')).toMatchObject({ time: '00:52:13' });
    expect(readWorkoutText('Avg HR l52 bpm')).toMatchObject({ avgHeartRate: 152 });
    expect(readWorkoutText('Time I:O2:13')).toMatchObject({ time: '01:02:13' });
  });

  it('reads a time whose colon came out as a semicolon or with spaces', () => {
    expect(readWorkoutText('Moving Time 52;13').time).toBe('00:52:13');
    expect(readWorkoutText('Moving Time 1 : 02 : 13').time).toBe('01:02:13');
  });

  it('reads labels with OCR dashes and spacing', () => {
    expect(readWorkoutText('Rata—rata Detak  Jantung 150 bpm').avgHeartRate).toBe(150);
    expect(readWorkoutText('Rata rata Detak Jantung 150 bpm').avgHeartRate).toBe(150);
    expect(readWorkoutText('AVG. HEART RATE 150').avgHeartRate).toBe(150);
  });

  it('ignores the status-bar clock, start times and dates', () => {
    expect(readWorkoutText('9:41 87%\nJune 12, 2025 at 6:05 AM\n10.02 km').time).toBeNull();
    expect(readWorkoutText('14 Juni 2025 pukul 05.32\nJarak 5,00 km').time).toBeNull();
    expect(readWorkoutText('Sunday 6/15/25\n5.01\nKilometers').distance).toBe(5.01);
  });
});

describe('readWorkoutText: without readable labels', () => {
  it('takes a number in km, the longest free time and the first bpm', () => {
    expect(readWorkoutText('9:41 87%\n10.02 km\n5:12 /km\n52:13\n54:40\n152 bpm\n178 bpm')).toEqual({
      distance: 10.02,
      time: '00:54:40',
      avgHeartRate: 152,
    });
  });

  it('does not turn bare numbers into a distance or a heart rate', () => {
    expect(readWorkoutText('Lari Pagi 712 45 152')).toEqual({ distance: null, time: null, avgHeartRate: null });
  });
});

describe('readWorkoutText: sanity limits', () => {
  it.each([
    ['Distance 0.05 km', null],
    ['Distance 0.10 km', 0.1],
    ['Distance 300 km', 300],
    ['Distance 301 km', null],
  ])('%j → %s', (ocr, km) => {
    expect(readWorkoutText(ocr).distance).toBe(km);
  });

  it('rejects impossible times and heart rates', () => {
    expect(readWorkoutText('Moving Time 48:00:00').time).toBeNull();
    expect(readWorkoutText('Moving Time 47:59:59').time).toBe('47:59:59');
    expect(readWorkoutText('Moving Time 52:75').time).toBeNull();
    expect(readWorkoutText('Avg HR 29').avgHeartRate).toBeNull();
    expect(readWorkoutText('Avg HR 30').avgHeartRate).toBe(30);
    expect(readWorkoutText('Avg HR 250').avgHeartRate).toBe(250);
    expect(readWorkoutText('Avg HR 251').avgHeartRate).toBeNull();
    expect(readWorkoutText('Avg HR 152.5').avgHeartRate).toBeNull();
  });
});

describe('isEmptyReading', () => {
  it('is true only when nothing was found', () => {
    expect(isEmptyReading(readWorkoutText(''))).toBe(true);
    expect(isEmptyReading(readWorkoutText('Lorem ipsum dolor sit amet'))).toBe(true);
    expect(isEmptyReading({ distance: null, time: null, avgHeartRate: 150 })).toBe(false);
  });
});

describe('textFromWords', () => {
  const word = (text: string, x0: number, y0: number, x1: number, y1: number) => ({ text, x0, y0, x1, y1 });

  it('rebuilds rows from words read column by column, with wide gaps as column breaks', () => {
    // Garmin's list as an engine may return it: the label column first, then the value column.
    const words = [
      word('Moving', 20, 100, 80, 120),
      word('Time', 86, 100, 120, 120),
      word('Elapsed', 20, 140, 84, 160),
      word('Time', 90, 140, 124, 160),
      word('27:30', 300, 101, 350, 121),
      word('28:10', 300, 141, 350, 161),
    ];
    expect(textFromWords(words)).toBe('Moving Time   27:30\nElapsed Time   28:10');
    expect(readWorkoutText(textFromWords(words)).time).toBe('00:27:30');
  });

  it('keeps a row of big values apart from the row of small labels under it', () => {
    const words = [word('5.00', 20, 200, 90, 240), word('km', 96, 215, 130, 240), word('Distance', 20, 246, 90, 262), word('27:45', 220, 200, 300, 240), word('Time', 220, 246, 260, 262)];
    expect(textFromWords(words)).toBe('5.00 km   27:45\nDistance   Time');
  });
});
