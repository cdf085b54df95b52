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

describe('readWorkoutText: more apps, as tesseract read their mock-ups', () => {
  it('reads COROS (value over label in three columns, a lost "km", garbled units, laps with their own HR)', () => {
    const ocr = text(
      '10:24   58%',
      'Run   06/29/2025 05:02',
      '21.10...',
      `1:52:36   5'20" jm   158 bpm`,
      'Time   Avg Pace   Avg HR',
      '179 opm   187   1,402 kcal',
      'Max HR   Training Load   Calories',
      '180 spm   1.09   64 nm',
      'Avg Cadence   Avg Stride Length   Elev Gain',
      'Laps',
      'Lap   Dist   Time   Pace   HR',
      `1   1.00   5:29   5'29"   147`,
      `PJ   1.00   5:16   5'16"   153`,
    );
    expect(readWorkoutText(ocr)).toEqual({ distance: 21.1, time: '01:52:36', avgHeartRate: 158 });
  });

  it('reads Apple Fitness in Indonesian (units glued in capitals, a label wrapped at its hyphen, splits)', () => {
    const ocr = text(
      '9:41   82%',
      '< Ringkasan',
      'Lari Luar Ruangan',
      '05.10-06.45',
      'Detail Olahraga',
      'Waktu Olahraga   Jarak',
      '1:31:44   16,09«km',
      'Kilokalori Aktif   Total Kilokalori',
      '1.102kKAL   1.260kKAL',
      'Kenaikan Elevasi   Daya Rata-Rata',
      '88m   236w',
      'Irama Rata-Rata   Kecepatan Rata-Rata',
      `170Lpm   5'42"/km`,
      'Detak Jantung Rata-',
      'Rata',
      '149ppPm',
      'Split',
      'Km   Waktu   Kecepatan Detak',
      'Jantung',
      `i   5:51   5'51"/KM   138DPM`,
      `2   5:38   5'38"/KM   144DPM`,
    );
    expect(readWorkoutText(ocr)).toEqual({ distance: 16.09, time: '01:31:44', avgHeartRate: 149 });
  });

  it('reads Apple Fitness in English, where "152BPM" came back as "1528pPM"', () => {
    const ocr = text(
      'Workout Time   Distance',
      '0:52:13   10.02km',
      'Avg. Cadence   Avg. Pace',
      `172spm   5'13"/km`,
      'Avg. Heart Rate',
      '1528pPM',
      'Splits',
      'Km   Time   Pace   Heart Rate',
      `1   5:22   5'22"/KM   141BPM`,
    );
    expect(readWorkoutText(ocr)).toEqual({ distance: 10.02, time: '00:52:13', avgHeartRate: 152 });
  });

  it('reads Samsung Health in Indonesian (a bare "Rata-rata" under the "Detak jantung" title)', () => {
    const ocr = text(
      '06:58   71%',
      '< Lari',
      'Min, 22 Jun 05.50   -   06.33',
      'Waktu olahraga',
      '00:41:18',
      '6,42 km   398 kcal',
      'Jarak   Total kalori',
      'Tempo',
      `6'26"/km   4'31"/km`,
      'Tempo rata-rata   Tempo maks.',
      'Detak jantung',
      '141 bpm   163 bpm',
      'Rata-rata   Maksimum',
      'Irama',
      '164 spm   191 spm',
      'Irama rata-rata   Irama maks.',
      '17 m   9.874',
      'Kenaikan elevasi   Langkah',
    );
    expect(readWorkoutText(ocr)).toEqual({ distance: 6.42, time: '00:41:18', avgHeartRate: 141 });
  });

  it('reads Polar Flow in Indonesian (avg and max inline under their title, time in zones)', () => {
    const ocr = text(
      '08:15   45%',
      'Senin, 7 Juli 2025 18.05',
      '0:27:09   4,50 km 301 kcal',
      'Durasi   Jarak   Kalori',
      'Detak jantung',
      'rata-rata 137   maks. 158   min. 96',
      'bpm   bpm   bpm',
      'Tempo rata-rata   6:02 min/km',
      'Tempo maks.   4:18 min/km',
      'Kadens rata-rata   166 spm',
      'Zona detak jantung',
      'Zona 5   0:02:10',
      'Zona 3   0:25:01',
    );
    expect(readWorkoutText(ocr)).toEqual({ distance: 4.5, time: '00:27:09', avgHeartRate: 137 });
  });

  it('reads Strava in Indonesian with the heart rate as "Rata-rata | Maks" side by side and splits with DJ', () => {
    const ocr = text(
      'Kemarin pukul 17.20   -   Yogyakarta',
      'Jarak   Tempo   Waktu Bergerak',
      '8,20 km   5:40 /km 46:31',
      'Kenaikan Elevasi Waktu Berlalu   Kalori',
      '21m   48:02   634',
      'Detak Jantung',
      'Rata-rata Detak Jantung   Detak Jantung Maks',
      '156 bpm   183 bpm',
      'Rata-rata Kadens   Upaya Relatif',
      '170 spm   87',
      'Split',
      'Km   Tempo   Elev   DJ',
      '1   5:49   3   145',
      '2   5:36   -2   151',
    );
    expect(readWorkoutText(ocr)).toEqual({ distance: 8.2, time: '00:46:31', avgHeartRate: 156 });
  });

  it('reads a Garmin run without a heart-rate sensor: the cadence beside the pace is no heart rate', () => {
    const ocr = text(
      '19:05   38%',
      '11,37 km   1:07:12',
      'Jarak   Waktu',
      '5:55 /km   171 spm',
      'Kecepatan Rata-rata   Kadens Lari Rata-rata',
      '35m   1.046',
      'Total Naik   Kalori',
      'Putaran',
      'Putaran   EL]   Jarak   Kecepatan',
      '1   6:04   1.00   6:04 /km',
    );
    expect(readWorkoutText(ocr)).toEqual({ distance: 11.37, time: '01:07:12', avgHeartRate: null });
  });
});

describe('readWorkoutText: each label takes its own value', () => {
  it('takes the average, not the maximum, from an "Avg | Max" row of labels over a row of values', () => {
    expect(readWorkoutText('Avg Heart Rate  Max Heart Rate\n152 bpm  178 bpm').avgHeartRate).toBe(152);
    expect(readWorkoutText('Avg Heart Rate   Max Heart Rate\n152 bpm   178 bpm').avgHeartRate).toBe(152);
    expect(readWorkoutText('Avg Heart Rate Max Heart Rate\n152 bpm 178 bpm').avgHeartRate).toBe(152);
    expect(readWorkoutText('Max Heart Rate   Avg Heart Rate\n178 bpm   152 bpm').avgHeartRate).toBe(152);
    expect(readWorkoutText('Avg HR   Max HR\n152   178').avgHeartRate).toBe(152);
    expect(readWorkoutText('Rata-rata Detak Jantung   Detak Jantung Maks\n158 bpm   181 bpm').avgHeartRate).toBe(158);
    expect(readWorkoutText('Denyut Jantung Rata-rata   Denyut Jantung Maks\n149   171').avgHeartRate).toBe(149);
  });

  it('pairs values over labels too, in two or three columns', () => {
    expect(readWorkoutText('152 bpm   178 bpm\nAvg. heart rate   Max. heart rate').avgHeartRate).toBe(152);
    expect(readWorkoutText('178   152   172\nMax HR   Avg HR   Avg Cadence').avgHeartRate).toBe(152);
    expect(readWorkoutText('Max HR   Training Load   Avg HR\n178   96   152').avgHeartRate).toBe(152);
  });

  it('reads "Avg." that OCR set apart from its "Heart Rate" as one label', () => {
    // NRC at 1.25×: "Avg." and "Heart Rate" three spaces apart, as if two columns.
    const ocr = text('77 m               136                175', 'Elevation Gain   ~~ Avg.   Heart Rate   Cadence');
    expect(readWorkoutText(ocr).avgHeartRate).toBe(136);
    expect(readWorkoutText('Max.   HR   Avg.   HR\n178   152').avgHeartRate).toBe(152);
    expect(readWorkoutText(`Avg.   Pace   Time\n5'12"   27:45`).time).toBe('00:27:45');
  });

  it('reads the English suffix form "Heart rate avg" (Polar)', () => {
    expect(readWorkoutText('Heart rate avg   146 bpm\nHeart rate max   170 bpm').avgHeartRate).toBe(146);
    expect(readWorkoutText('Heart rate max   170 bpm\nHeart rate avg   146 bpm').avgHeartRate).toBe(146);
  });

  it('reads a bare "Average" or "Rata-rata" as the heart rate only under a heart-rate title', () => {
    expect(readWorkoutText('Heart rate\n147 bpm   169 bpm\nAverage   Maximum').avgHeartRate).toBe(147);
    expect(readWorkoutText('Detak jantung\nRata-rata   Maksimum\n141   163').avgHeartRate).toBe(141);
    expect(readWorkoutText('Heart rate\navg 160 bpm   max 181 bpm   min 96 bpm').avgHeartRate).toBe(160);
    expect(readWorkoutText('Cadence\n172   190\nAverage   Maximum').avgHeartRate).toBeNull();
    expect(readWorkoutText('Irama\nrata-rata 164   maks. 191').avgHeartRate).toBeNull();
  });

  it('never takes cadence, steps, calories, power, load or elevation for the heart rate', () => {
    expect(readWorkoutText('Heart Rate   Cadence\n--   172').avgHeartRate).toBeNull();
    expect(readWorkoutText('Heart Rate   Cadence\n—   172').avgHeartRate).toBeNull();
    expect(readWorkoutText('Cadence\n172 spm').avgHeartRate).toBeNull();
    expect(readWorkoutText('Avg Run Cadence   172 spm').avgHeartRate).toBeNull();
    expect(readWorkoutText('Avg Cadence   Relative Effort\n174 spm   87').avgHeartRate).toBeNull();
    expect(readWorkoutText(`Avg. Cadence   Avg. Pace\n172SPM   5'13"/KM`).avgHeartRate).toBeNull();
    expect(readWorkoutText('Avg. Power   Training Load\n148   142').avgHeartRate).toBeNull();
    expect(readWorkoutText('Elevation Gain   Calories\n152   178').avgHeartRate).toBeNull();
    expect(readWorkoutText('Steps 9,874\nCalories 165 kcal').avgHeartRate).toBeNull();
    // Cadence-only screens keep their other fields.
    expect(readWorkoutText('Distance   Time   Avg Cadence\n5.00 km   27:45   168 spm')).toEqual({ distance: 5, time: '00:27:45', avgHeartRate: null });
  });

  it('never takes steps, calories, stride length or elevation for the distance', () => {
    expect(readWorkoutText('Steps\n12.5').distance).toBeNull();
    expect(readWorkoutText('Avg Stride Length   1.09 m').distance).toBeNull();
    expect(readWorkoutText('Elevation Gain   Calories\n45.5   712').distance).toBeNull();
    expect(readWorkoutText('Distance   Calories\n10.02 km   1,024').distance).toBe(10.02);
    expect(readWorkoutText('Langkah   Jarak\n9.874   6,42').distance).toBe(6.42);
  });

  it('prefers the moving time, then the time or duration, then the elapsed time', () => {
    expect(readWorkoutText('Time   Moving Time   Elapsed Time\n52:40   52:13   54:40').time).toBe('00:52:13');
    expect(readWorkoutText('Elapsed Time   Time\n54:40   52:40').time).toBe('00:52:40');
    expect(readWorkoutText('Workout Time 0:52:13\nElapsed Time 0:53:40').time).toBe('00:52:13');
    expect(readWorkoutText('Waktu Olahraga   Jarak\n1:31:44   16,09km').time).toBe('01:31:44');
    expect(readWorkoutText('Duration   Distance\n0:58:02   10.51 km').time).toBe('00:58:02');
    expect(readWorkoutText('Durasi 0:27:09').time).toBe('00:27:09');
  });

  it('never takes a pace or a time in a heart-rate zone for the time', () => {
    expect(readWorkoutText('Pace   Time\n5:12   27:45').time).toBe('00:27:45');
    expect(readWorkoutText('Pace avg   5:04 min/km').time).toBeNull();
    // The moving time was lost by OCR: the short value goes to the pace, not to the time.
    expect(readWorkoutText('Distance   Pace   Moving Time\n10.02 km   5:12')).toEqual({ distance: 10.02, time: null, avgHeartRate: null });
    expect(readWorkoutText('Heart rate zones\nZone 5   0:02:10\nZone 4   0:12:34').time).toBeNull();
  });

  it('never reads a splits or laps table, whose rows have their own time, pace and HR', () => {
    expect(readWorkoutText('Splits\nKm   Pace   Elev   HR\n1   5:22   3   137\n2   5:09   -2   143')).toEqual({ distance: null, time: null, avgHeartRate: null });
    expect(readWorkoutText(`Lap   Dist   Time   Pace   HR\n1   1.00   5:29   5'29"   147`)).toEqual({ distance: null, time: null, avgHeartRate: null });
    expect(readWorkoutText('Km   Time   Pace   Heart Rate\n1   5:22   5:22/km   141 bpm\n2   5:09   5:09/km   147 bpm').avgHeartRate).toBeNull();
  });

  it('ignores start and end clocks, dates and the battery', () => {
    expect(readWorkoutText('Sun, 15 Jun 06:05   -   06:57\nWorkout time\n00:49:55').time).toBe('00:49:55');
    expect(readWorkoutText('Run   06/29/2025 05:02\n21.10 km').time).toBeNull();
    expect(readWorkoutText('6:05-6:58 AM\n10.02 km').time).toBeNull();
    expect(readWorkoutText('07:12   64%\n5.00 km').time).toBeNull();
  });
});

describe('readWorkoutText: rows with a missing value', () => {
  it('gives a value to the label whose column it is in, not to the label that would take it', () => {
    expect(readWorkoutText('Elevation Gain   Avg. Heart Rate   Cadence\n7m                                182').avgHeartRate).toBeNull();
    expect(readWorkoutText('Elevation Gain   Avg. Heart Rate   Cadence\n7m               151').avgHeartRate).toBe(151);
    expect(readWorkoutText('7m   182\nElevation Gain   Avg. Heart Rate   Cadence').avgHeartRate).toBeNull();
  });

  it('pairs a row of as many values as labels column by column only', () => {
    // COROS at 1×: the value row under "Time  Avg Pace  Avg HR" is the next tile row (max HR first).
    const ocr = text(
      '                    520" km             158 bpm',
      'Time                Avg Pace            Avg HR',
      '179 bpm             187                 1,402 kcal',
      'Max HR              Training Load       Calories',
    );
    expect(readWorkoutText(ocr).avgHeartRate).toBe(158);
    expect(readWorkoutText('Time   Avg Pace   Avg HR\n179 bpm   187   1,402 kcal').avgHeartRate).toBeNull();
  });

  it("reads a pace whose apostrophe OCR lost (520\" is 5'20\") and checks the distance with it", () => {
    expect(readWorkoutText(`10,5\nKilometer\n559"   1:03:10\nTempo Rata-rata   Waktu`).distance).toBeNull();
    expect(readWorkoutText(`10,5\nKilometer\n601"   1:03:10\nTempo Rata-rata   Waktu`).distance).toBe(10.5);
  });
});

describe('readWorkoutText: OCR of units and headlines', () => {
  it.each([
    ['Avg HR 152 opm', 152],
    ['Avg HR 149ppPm', 149],
    ['Detak Jantung Rata-Rata 149DPM', 149],
    ['Avg. Heart Rate\n1528pPM', 152],
    ['Detak Jantung Rata-\nRata\n149 dpm', 149],
  ])('heart rate in %j → %d', (ocr, hr) => {
    expect(readWorkoutText(ocr).avgHeartRate).toBe(hr);
  });

  it('reads a lone headline number with two decimals as the distance when its unit was lost', () => {
    expect(readWorkoutText("21.10...\n1:52:36   5'20\" /km   158 bpm\nTime   Avg Pace   Avg HR").distance).toBe(21.1);
    expect(readWorkoutText('Jarak 16,09«km').distance).toBe(16.09);
    // Not a number among others, nor one without two decimals.
    expect(readWorkoutText('1.09   64 m').distance).toBeNull();
    expect(readWorkoutText('21.1').distance).toBeNull();
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

  it('leaves a value beside a label that could take it to that label, not to a guess', () => {
    // COROS at 1×: the average HR came out as "134m"; 146 bpm is the maximum, under "DJ Maks".
    const coros = text('2:06:54             5\'53" km            134m', 'Waktu               Tempo Rata-rata     DJ Rata-rata', '146 bpm             127                 1.402 [3:1', 'DJ Maks             Beban Latihan       Kalori', '178 pm              1.09                pA');
    expect(readWorkoutText(coros).avgHeartRate).toBeNull();
    // Samsung at 1×: "Jarak" came out as "JELC]S"; no label left could take 6,42 km, so it is the distance.
    expect(readWorkoutText('  6,42 km                     398 kcal\n  JELC]S                      Total kalori').distance).toBe(6.42);
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
    expect(readWorkoutText('Moving Time 0:59').time).toBeNull();
    expect(readWorkoutText('Avg HR 59').avgHeartRate).toBeNull();
    expect(readWorkoutText('Avg HR 60').avgHeartRate).toBe(60);
    expect(readWorkoutText('Avg HR 220').avgHeartRate).toBe(220);
    expect(readWorkoutText('Avg HR 221').avgHeartRate).toBeNull();
    expect(readWorkoutText('Avg HR 152.5').avgHeartRate).toBeNull();
  });
});

describe('readWorkoutText: plausibility', () => {
  it('rejects an average heart rate above the maximum read on the same screen', () => {
    expect(readWorkoutText('Avg HR 181 bpm\nMax HR 176 bpm').avgHeartRate).toBeNull();
    expect(readWorkoutText('Max Heart Rate   Avg Heart Rate\n152 bpm   178 bpm').avgHeartRate).toBeNull();
    expect(readWorkoutText('Avg HR 176 bpm\nMax HR 176 bpm').avgHeartRate).toBe(176);
  });

  it('drops both distance and time when, both labelled, they give a pace no runner runs', () => {
    // 50 km in 25 minutes (0:30 /km): one of them is misread, nothing says which.
    expect(readWorkoutText('Distance 50 km\nMoving Time 25:00')).toEqual({ distance: null, time: null, avgHeartRate: null });
    // 1.1 km in nearly two hours (1:42:20 /km).
    expect(readWorkoutText('Distance 1.10 km\nTime 1:52:36\nAvg HR 150')).toEqual({ distance: null, time: null, avgHeartRate: 150 });
    // The limits: 2:30 /km and 20:00 /km are still runs.
    expect(readWorkoutText('Distance 10.00 km\nTime 25:00')).toEqual({ distance: 10, time: '00:25:00', avgHeartRate: null });
    expect(readWorkoutText('Distance 3.00 km\nTime 1:00:00')).toEqual({ distance: 3, time: '01:00:00', avgHeartRate: null });
  });

  it('drops the less sure one: a time found only by its shape, or a distance with no label and no unit', () => {
    expect(readWorkoutText('Distance 12.04 km\n5:22')).toEqual({ distance: 12.04, time: null, avgHeartRate: null });
    expect(readWorkoutText('1.10\nMoving Time 1:52:36')).toEqual({ distance: null, time: '01:52:36', avgHeartRate: null });
  });

  it('drops a distance that lost a digit (fewer than two decimals) when the average pace disagrees', () => {
    const screen = (km: string, pace: string) => `${km}\nKilometer\n${pace}   1:03:10\nTempo Rata-rata   Waktu`;
    expect(readWorkoutText(screen('10,5', `5'59"`)).distance).toBeNull();
    expect(readWorkoutText(screen('10,5', `6'01"`)).distance).toBe(10.5);
    expect(readWorkoutText(screen('10,55', `5'59"`)).distance).toBe(10.55);
    // NRC in miles prints the pace per mile.
    expect(readWorkoutText(`3.1\nMiles\n8'57"   27:44\nAvg. Pace   Time`).distance).toBe(4.99);
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
  const columns = (text: string) => text.split('\n').map((line) => line.trim().replace(/\s{3,}/g, ' | '));

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
    const text = textFromWords(words);
    expect(columns(text)).toEqual(['Moving Time | 27:30', 'Elapsed Time | 28:10']);
    expect(readWorkoutText(text).time).toBe('00:27:30');
  });

  it('keeps a row of big values apart from the row of small labels under it, each word in its column', () => {
    const words = [word('5.00', 20, 200, 90, 240), word('km', 96, 215, 130, 240), word('Distance', 20, 246, 90, 262), word('27:45', 220, 200, 300, 240), word('Time', 220, 246, 260, 262)];
    const text = textFromWords(words);
    expect(columns(text)).toEqual(['5.00 km | 27:45', 'Distance | Time']);
    const [values, labels] = text.split('\n') as [string, string];
    expect(values.indexOf('27:45')).toBe(labels.indexOf('Time'));
  });

  it('keeps a value under its own label when the value beside it is missing', () => {
    // NRC without a heart-rate sensor: OCR dropped the "--" under Avg. Heart Rate; 182 is the cadence.
    const row = (y: number, ...cells: [string, number][]) => cells.flatMap(([text, x]) => text.split(' ').map((w, i) => word(w, x + i * 60, y, x + i * 60 + w.length * 14, y + 26)));
    const words = [...row(100, ['7m', 44], ['182', 536]), ...row(150, ['Elevation Gain', 44], ['Avg. Heart Rate', 290], ['Cadence', 536])];
    const text = textFromWords(words);
    expect(columns(text)).toEqual(['7m | 182', 'Elevation Gain | Avg. Heart Rate | Cadence']);
    expect(readWorkoutText(text).avgHeartRate).toBeNull();
    // The same screen with the heart rate and without the cadence.
    const withHr = [...row(100, ['7m', 44], ['151', 290]), ...row(150, ['Elevation Gain', 44], ['Avg. Heart Rate', 290], ['Cadence', 536])];
    expect(readWorkoutText(textFromWords(withHr)).avgHeartRate).toBe(151);
  });
});
